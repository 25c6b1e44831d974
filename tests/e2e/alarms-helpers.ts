import { expect, type Page } from "@playwright/test";
import { queryE2e } from "./db.ts";

/** A price alarm as the e2e server stored it. */
export interface StoredAlarm {
  id: number;
  direction: "above" | "below";
  target: number;
  base: number;
  firedPrice: number | null;
  seen: boolean;
}

interface AlarmRow {
  id: string;
  direction: "above" | "below";
  target_price: number;
  base_price: number;
  fired_price: number | null;
  fired: boolean;
  seen: boolean;
}

export async function storedAlarm(id: number): Promise<StoredAlarm> {
  const [row] = await queryE2e<AlarmRow>(
    `select id::text, direction, target_price, base_price, fired_price,
       fired_at is not null as fired, seen_at is not null as seen
     from price_alarms where id = $1`,
    [id],
  );
  if (!row) throw new Error(`no price alarm ${id}`);
  return {
    id: Number(row.id),
    direction: row.direction,
    target: row.target_price,
    base: row.base_price,
    firedPrice: row.fired ? row.fired_price : null,
    seen: row.seen,
  };
}

/**
 * Stands in for the market crossing an armed alarm. The replay's prices change once an hour of market time (its
 * candles are hourly) and it moves with the wall clock, so a test cannot wait for it to reach a target, nor know the
 * next tick's price: near an hour's turn it may move either way. Instead the stored target moves far behind the
 * price the alarm was set at, to half of it for a rise and to double it for a fall: no hourly move of the replay
 * comes near that, so the next market tick (every 15 s) crosses it whatever its price, as a move of the market would,
 * and everything after (the tick's evaluation, the push to the account's stream, the popup) is the app's own. What
 * the popup says is then checked against what the server stored when it fired (firedAlarm), not a predicted price.
 */
export async function crossOnNextTick(id: number): Promise<StoredAlarm> {
  const updated = await queryE2e<{ id: string }>(
    `update price_alarms
       set target_price = case direction when 'above' then base_price / 2 else base_price * 2 end
     where id = $1 and fired_at is null
     returning id::text`,
    [id],
  );
  expect(updated).toHaveLength(1);
  return storedAlarm(id);
}

/** Waits for the server to fire the alarm (the tick evaluator) and answers it as stored then: target, fired price. */
export async function firedAlarm(id: number): Promise<StoredAlarm & { firedPrice: number }> {
  let stored: StoredAlarm | undefined;
  // one market refresh (15 s) and its evaluation, with room for a loaded machine
  await expect
    .poll(
      async () => {
        stored = await storedAlarm(id);
        return stored.firedPrice !== null;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  if (!stored || stored.firedPrice === null) throw new Error(`alarm ${id} did not fire`);
  return { ...stored, firedPrice: stored.firedPrice };
}

/** The coin's price as the token page reads it (dashboard/token/info). */
export async function tokenPrice(page: Page, coinAbbr: string): Promise<number> {
  const response = await page.request.get(`/v2/api/dashboard/token/info?coinAbbr=${coinAbbr}`, {
    headers: { "x-device-no": "e2e0alarms0token0price0000000000" },
  });
  const body = (await response.json()) as { data?: { price?: unknown } };
  const price = body.data?.price;
  if (typeof price !== "number") throw new Error(`no price for ${coinAbbr}`);
  return price;
}

/** The header's news-and-alarm bell, whatever its count says. */
export const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^News and price alarms/ });
