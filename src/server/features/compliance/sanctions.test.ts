import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SanctionsSettings } from "../../config-compliance.ts";
import { manualClock } from "../../providers/clock.ts";
import { capturingLogger } from "../../providers/log-capture.ts";
import { manualTimers } from "../../providers/timers.ts";
import { type StandIn, startStandIn } from "../../providers/upstream/stand-in.ts";
import { createSanctions, type Sanctions } from "./sanctions.ts";
import { loadShippedSanctions } from "./shipped-sanctions.ts";

/**
 * Refreshing the lists from a maintained list: a loopback stand-in serves the ETH list (as the maintained
 * repository's raw file would), then garbage, a short list, an error; the lists in use change only on a good one.
 */

const shipped = loadShippedSanctions();
const shippedEth = shipped.lists.get("ETH") ?? [];
const DELISTED = shippedEth[0] as string;
const NEWLY_LISTED = "0x00000000000000000000000000000000DeaDBeef";
const TRON_LISTED = "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre";
const HOUR = 3_600_000;

let standIn: StandIn;
let body = "";
let status = 200;
beforeAll(async () => {
  standIn = await startStandIn((request) =>
    request.path === "/lists/sanctioned_addresses_ETH.txt" ? { status, body } : undefined,
  );
});
afterAll(() => standIn.close());

const running: Sanctions[] = [];
afterEach(() => {
  for (const sanctions of running.splice(0)) sanctions.stop();
});

function start(settings: Partial<SanctionsSettings> = {}) {
  const clock = manualClock(new Date("2026-03-01T00:00:00Z"));
  const timers = manualTimers();
  const logs: Record<string, unknown>[] = [];
  const sanctions = createSanctions(
    {
      sources: [{ asset: "ETH", url: `${standIn.url}/lists/sanctioned_addresses_ETH.txt?token=secret` }],
      refreshHours: 24,
      ...settings,
    },
    { clock, timers, logger: capturingLogger(logs), shipped },
  );
  running.push(sanctions);
  const warnings = () => logs.filter((line) => line.level === 40);
  return { sanctions, clock, timers, logs, warnings };
}

/** the maintained list as it would be after one delisting and one new designation */
const updatedEth = () => [...shippedEth.slice(1), NEWLY_LISTED].join("\n");

describe("sanctions lists refreshed from a maintained list", () => {
  it("replaces a list with a good one fetched at start, and says so in asOf, source and lists", async () => {
    body = `${updatedEth()}\n`;
    status = 200;
    const asked = standIn.requests.length;
    const { sanctions, clock, logs } = start();
    // the shipped snapshot serves before the first fetch is done
    expect(sanctions.isSanctioned(DELISTED)).toBe(true);
    expect(sanctions.isSanctioned(NEWLY_LISTED)).toBe(false);

    // the refresh adds the newly listed address; the one missing from the answer stays listed (a refresh never
    // drops a shipped address)
    expect(await sanctions.refresh()).toEqual([{ asset: "ETH", ok: true, count: shippedEth.length + 1 }]);
    // the refresh at start and the one asked for were one fetch
    expect(standIn.requests.length).toBe(asked + 1);
    expect(sanctions.isSanctioned(NEWLY_LISTED.toLowerCase())).toBe(true);
    expect(sanctions.isSanctioned(DELISTED)).toBe(true);
    // the other assets keep the shipped lists
    expect(sanctions.isSanctioned(TRON_LISTED)).toBe(true);
    expect(sanctions.lists().find((list) => list.asset === "ETH")).toEqual({
      asset: "ETH",
      count: shippedEth.length + 1,
      asOf: clock.now(),
      from: "refreshed",
    });
    expect(sanctions.asOf()).toEqual(shipped.asOf);
    expect(sanctions.source()).toMatch(/^ETH refreshed from SANCTIONS_LIST_URL; the others from the shipped snapshot/);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "sanctions list refreshed", asset: "ETH", added: 1, removed: 0 }),
    );
  });

  it("keeps the last good list when a refresh returns garbage, a short list or an error, and logs it once", async () => {
    body = updatedEth();
    status = 200;
    const { sanctions, timers, logs, warnings } = start();
    await sanctions.refresh();
    expect(sanctions.isSanctioned(NEWLY_LISTED)).toBe(true);

    body = "<!DOCTYPE html><html><body>rate limited</body></html>";
    const [garbage] = await sanctions.refresh();
    expect(garbage).toMatchObject({ asset: "ETH", ok: false, reason: expect.stringContaining("not a list") });
    expect(sanctions.isSanctioned(NEWLY_LISTED)).toBe(true);
    expect(sanctions.isSanctioned(DELISTED)).toBe(true);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({
      asset: "ETH",
      msg: "sanctions list refresh failed; the last good list stays in use",
    });
    // the URL is logged without its query
    expect(JSON.stringify(logs)).not.toContain("secret");

    // a truncated file: a few addresses of 152
    body = shippedEth.slice(0, 3).join("\n");
    expect((await sanctions.refresh())[0]).toMatchObject({
      ok: false,
      reason: "only 3 addresses, at least 38 expected",
    });
    status = 503;
    body = "unavailable";
    expect((await sanctions.refresh())[0]).toMatchObject({ ok: false, reason: "answered 503" });
    expect(sanctions.isSanctioned(NEWLY_LISTED)).toBe(true);
    expect(warnings()).toHaveLength(1);

    // a failed refresh is tried again within the hour; a good one there is logged as working again
    status = 200;
    body = shippedEth.join("\n");
    const asked = standIn.requests.length;
    timers.advance(HOUR);
    await sanctions.refresh();
    expect(standIn.requests.length).toBe(asked + 1);
    expect(sanctions.isSanctioned(NEWLY_LISTED)).toBe(false);
    expect(sanctions.isSanctioned(DELISTED)).toBe(true);
    expect(logs).toContainEqual(expect.objectContaining({ msg: "sanctions list refresh works again", asset: "ETH" }));
  });

  it("refreshes every SANCTIONS_REFRESH_HOURS, and not after stop", async () => {
    body = shippedEth.join("\n");
    status = 200;
    const { sanctions, timers } = start({ refreshHours: 6 });
    await sanctions.refresh();
    const asked = standIn.requests.length;
    timers.advance(5 * HOUR);
    expect(standIn.requests.length).toBe(asked);
    timers.advance(HOUR);
    await sanctions.refresh();
    expect(standIn.requests.length).toBe(asked + 1);
    sanctions.stop();
    timers.advance(24 * HOUR);
    expect(await sanctions.refresh()).toEqual([]);
    expect(standIn.requests.length).toBe(asked + 1);
    expect(timers.pending).toBe(0);
  });

  it("uses the shipped snapshot alone when no list is configured", async () => {
    const asked = standIn.requests.length;
    const { sanctions, timers } = start({ sources: [] });
    expect(await sanctions.refresh()).toEqual([]);
    expect(timers.pending).toBe(0);
    expect(standIn.requests.length).toBe(asked);
    expect(sanctions.asOf()).toEqual(shipped.asOf);
    expect(sanctions.source()).toMatch(/^shipped snapshot of 2024-09-27 \(OFAC SDN list/);
    expect(sanctions.isSanctioned(DELISTED)).toBe(true);
  });
});
