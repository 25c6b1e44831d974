import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { latestPricesAtom } from "../live/latest-prices.ts";
import { fakeAlarm, fakeAlarmList, fakeFiredAlarm, replaySource } from "../testing/alarm-fixtures.ts";
import NewsAlarmBell from "./NewsAlarmBell.tsx";

/** A server holding the account's alarms: seen, delete and re-arm change them as the real one does. */
function alarmServer(initial: PriceAlarm[], fireLater: PriceAlarm[] = []) {
  let alarms = initial;
  const reply = (call: RecordedCall): StubReply => {
    const id = (call.body as { id?: number } | undefined)?.id;
    switch (call.path) {
      case "priceAlarm/list": {
        const data = fakeAlarmList(alarms);
        // these fire right after the first read: the list read then does not hold them
        alarms = [
          ...alarms.filter((alarm) => alarm.unused),
          ...fireLater.splice(0),
          ...alarms.filter((alarm) => !alarm.unused),
        ];
        return { data };
      }
      case "priceAlarm/seen": {
        const { ids } = call.body as { ids?: number[] };
        alarms = alarms.map((alarm) =>
          !alarm.unused && (ids ?? []).includes(alarm.id) ? { ...alarm, seen: true } : alarm,
        );
        return { data: { unseen: fakeAlarmList(alarms).unseen } };
      }
      case "getRealTimePrice":
        return { data: { list: [{ coinAbbr: "ETH", lastPrice: 2990.5, change: -1.2 }], source: replaySource } };
      case "priceAlarm/delete":
        alarms = alarms.filter((alarm) => alarm.id !== id);
        return { data: { id } };
      case "priceAlarm/rearm": {
        const rearmed = fakeAlarm({ id, direction: "below", price: 3000, basePrice: 2985.1 });
        alarms = alarms.map((alarm) => (alarm.id === id ? rearmed : alarm));
        return { data: rearmed };
      }
      default:
        throw new Error(`unexpected call ${call.path}`);
    }
  };
  return reply;
}

function renderBell(status: "loggedIn" | "loggedOut", newsCodes: readonly string[] = []) {
  const user = userEvent.setup();
  const news = (
    <ol aria-label="Pushed news">
      {newsCodes.map((code) => (
        <li key={code}>
          <a href={`/messageDetail/${code}`}>Headline {code}</a>
        </li>
      ))}
    </ol>
  );
  const result = renderWithProviders(
    <Router hook={memoryLocation({ path: "/" }).hook}>
      <NewsAlarmBell news={news} newsCodes={newsCodes} />
    </Router>,
  );
  act(() => {
    if (status === "loggedIn") result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, status);
  });
  return { ...result, user };
}

const paths = (calls: RecordedCall[]) => calls.map((call) => `${call.method} ${call.path}`);

describe("news-and-alarm popover", () => {
  it("counts unseen fired alarms and fresh news on the bell, and opening it marks the fired ones it shows seen", async () => {
    const later = fakeFiredAlarm({
      id: 9,
      coinPair: "BTC/USDT",
      coinAbbr: "BTC",
      coinId: "btc",
      direction: "above",
      price: 65000,
      firedPrice: 65012.5,
      firedAt: Date.parse("2026-03-02T12:10:00.000Z"),
    });
    const api = stubApi(alarmServer([fakeAlarm(), fakeFiredAlarm()], [later]));
    const { user } = renderBell("loggedIn", ["n1"]);
    const bell = await screen.findByRole("button", { name: "News and price alarms: 2 new" });
    await user.click(bell);
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));

    const alarms = within(popover.getByRole("list", { name: "Price alarms" }));
    const [armed] = alarms.getAllByRole("listitem");
    const fired = alarms.getByText("ETH fell to 2,985.1 (target 3,000)").closest("li");
    expect(popover.getByText("1 of 20 alarms armed")).toBeInTheDocument();
    expect(armed).toHaveTextContent("ETH rises to 3,100");
    expect(armed).toHaveTextContent("Armed");
    expect(fired).toHaveTextContent("Fired · new");
    expect(popover.getByRole("link", { name: "Headline n1" })).toBeInTheDocument();

    expect(paths(api.calls)).toContain("POST priceAlarm/seen");
    // the alarm that fired after the list was read was not shown: it stays new
    expect(api.calls.find((call) => call.path === "priceAlarm/seen")?.body).toEqual({ ids: [2] });
    expect(await screen.findByRole("button", { name: "News and price alarms: 1 new" })).toBeInTheDocument();
  });

  it("caps the badge at 99+", async () => {
    stubApi(alarmServer([]));
    const codes = Array.from({ length: 1_200 }, (_, index) => `n${index}`);
    renderBell("loggedIn", codes);
    const bell = await screen.findByRole("button", { name: "News and price alarms: 99+ new" });
    expect(bell).toHaveTextContent("99+");
  });

  it("deletes an alarm and re-arms a fired one whose coin is back on its armed side", async () => {
    const api = stubApi(alarmServer([fakeAlarm(), fakeFiredAlarm({ seen: true })]));
    const { user, store } = renderBell("loggedIn");
    // ETH fell to its target of 3,000 and has risen back above it since
    act(() => store.set(latestPricesAtom, new Map([["ETH", 3010]])));
    await user.click(await screen.findByRole("button", { name: "News and price alarms" }));
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));
    await popover.findByText("ETH fell to 2,985.1 (target 3,000)");

    const fired = popover.getAllByRole("listitem")[1];
    if (!fired) throw new Error("no fired alarm listed");
    await user.click(within(fired).getByRole("button", { name: "Re-arm" }));
    expect(await screen.findByText("Alarm re-armed: ETH falls to 3,000")).toBeInTheDocument();
    expect(await popover.findByText("ETH falls to 3,000")).toBeInTheDocument();

    const first = popover.getAllByRole("listitem")[0];
    if (!first) throw new Error("no alarm listed");
    await user.click(within(first).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Deleted.")).toBeInTheDocument();
    await expect.poll(() => popover.queryAllByRole("listitem")).toHaveLength(1);
    expect(api.calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body])).toEqual([
      ["priceAlarm/rearm", { id: 2 }],
      ["priceAlarm/delete", { id: 1 }],
    ]);
  });

  it("offers a new alarm on the coin while its price stands past the target, from the price now", async () => {
    const api = stubApi(alarmServer([fakeFiredAlarm({ seen: true })]));
    const { user, store } = renderBell("loggedIn");
    act(() => store.set(latestPricesAtom, new Map([["ETH", 2990]])));
    await user.click(await screen.findByRole("button", { name: "News and price alarms" }));
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));
    await popover.findByText("ETH fell to 2,985.1 (target 3,000)");
    expect(popover.queryByRole("button", { name: "Re-arm" })).toBeNull();
    await user.click(popover.getByRole("button", { name: "Set a new alarm" }));

    const form = within(await screen.findByRole("dialog", { name: "Price alarm for ETH" }));
    expect(form.getByText("Current price of ETH: 2,990.5 USDT")).toBeInTheDocument();
    expect(form.getByText(/^Source: Binance \(replay\), market time Mar 2, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "News and price alarms" })).toBeNull();
    expect(api.calls.find((call) => call.path === "getRealTimePrice")?.query.get("coinAbbr")).toBe("ETH");
  });

  it("shows each alarm's market time and source", async () => {
    stubApi(alarmServer([fakeAlarm(), fakeFiredAlarm({ source: "Binance", seen: true })]));
    const { user } = renderBell("loggedIn");
    await user.click(await screen.findByRole("button", { name: "News and price alarms" }));
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));
    const [armed, fired] = await popover.findAllByRole("listitem");
    expect(armed?.textContent).toMatch(/Set at 2,985.1 USDT on Mar 2, 2026.* · Binance \(replay\)/);
    expect(fired?.textContent).toMatch(/Market time Mar 2, 2026.* · Binance(?! \()/);
  });

  it("shows a visitor the pushed news and the way to sign in, reading no alarms", async () => {
    const api = stubApi(alarmServer([]));
    const { user, store } = renderBell("loggedOut", ["n1", "n2"]);
    await user.click(screen.getByRole("button", { name: "News and price alarms: 2 new" }));
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));
    expect(popover.getByText("Sign in to set price alarms and see them here.")).toBeInTheDocument();
    expect(popover.getAllByRole("link", { name: /^Headline/ })).toHaveLength(2);
    await user.click(popover.getByRole("button", { name: "Sign in" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(screen.queryByRole("dialog", { name: "News and price alarms" })).toBeNull();
    // the news it showed no longer counts as new
    expect(screen.getByRole("button", { name: "News and price alarms" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("says when there are no alarms and no news yet", async () => {
    stubApi(alarmServer([]));
    const { user } = renderBell("loggedIn");
    await user.click(screen.getByRole("button", { name: "News and price alarms" }));
    const popover = within(await screen.findByRole("dialog", { name: "News and price alarms" }));
    expect(await popover.findByText("No price alarms yet. Set one from a token's page.")).toBeInTheDocument();
    expect(popover.getByText("News that arrives while the app is open is listed here.")).toBeInTheDocument();
  });
});
