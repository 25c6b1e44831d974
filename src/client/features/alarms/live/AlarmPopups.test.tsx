import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PriceAlarm } from "../../../../contract/alarms.ts";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeAlarm, fakeAlarmEvent, fakeAlarmList, fakeFiredAlarm, replaySource } from "../testing/alarm-fixtures.ts";
import { AlarmPopups } from "./AlarmPopups.tsx";

/** A server with each account's alarms: the list, seen and re-arm change them as the real one does. */
function alarmServer(accounts: Record<string, PriceAlarm[]> = {}) {
  const stored = new Map(Object.entries(accounts));
  let account = "7";
  return {
    signIn(id: string) {
      account = id;
    },
    /** an alarm that fired while no stream was open */
    fire(alarm: PriceAlarm) {
      stored.set(account, [...(stored.get(account) ?? []).filter((other) => other.id !== alarm.id), alarm]);
    },
    reply(call: RecordedCall): StubReply {
      const alarms = stored.get(account) ?? [];
      switch (call.path) {
        case "priceAlarm/list":
          return { data: fakeAlarmList(alarms) };
        case "priceAlarm/seen": {
          const { ids } = call.body as { ids: number[] };
          stored.set(
            account,
            alarms.map((alarm) => (ids.includes(alarm.id) ? { ...alarm, seen: true } : alarm)),
          );
          return { data: { unseen: 0 } };
        }
        case "priceAlarm/rearm": {
          const { id } = call.body as { id: number };
          return { data: fakeAlarm({ id, coinPair: "BTC/USDT", coinAbbr: "BTC", coinId: "btc", price: 66000 }) };
        }
        case "getRealTimePrice":
          return { data: { list: [{ coinAbbr: "ETH", lastPrice: 2990.5, change: -1.2 }], source: replaySource } };
        default:
          throw new Error(`unexpected call ${call.path}`);
      }
    },
  };
}

const btcFired = fakeFiredAlarm({
  id: 7,
  coinPair: "BTC/USDT",
  coinAbbr: "BTC",
  coinId: "btc",
  icon: "/v2/api/coin/image/BTC.svg",
  direction: "above",
  price: 65000,
  firedPrice: 65012.5,
});

/** The app's live channel is one for the page: the stream the popups listen on is the latest one opened. */
const stream = () => FakeEventSource.latest();

const tick = (coinAbbr: string, lastPrice: number) =>
  stream().emit("tick", { at: "2026-03-02T12:05:00.000Z", ticks: [{ coinAbbr, lastPrice, change: null }] });

function renderPopups(server: ReturnType<typeof alarmServer>) {
  const api = stubApi((call) => server.reply(call));
  const user = userEvent.setup();
  const result = renderWithProviders(<AlarmPopups />);
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
  });
  const posts = () => api.calls.filter((call) => call.method === "POST").map((call) => [call.path, call.body]);
  const reads = () => api.calls.filter((call) => call.path === "priceAlarm/list").length;
  return { ...result, api, user, posts, reads };
}

const firedTexts = (popup: ReturnType<typeof within>) =>
  popup.getAllByRole("listitem").map((item: HTMLElement) => item.querySelector(".alarm-fired__what")?.textContent);

describe("price alarm popup", () => {
  beforeEach(() => {
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("opens on a pushed alarm with the coin, the price that fired it, the source it fired on and when; OK marks it seen", async () => {
    const { user, posts, reads } = renderPopups(alarmServer());
    await expect.poll(reads).toBe(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    // the stored source and firing time, not the market the push went out with
    const alarm = fakeFiredAlarm({ source: "Binance", firedAt: Date.parse("2026-03-01T09:00:00.000Z") });
    act(() => stream().emit("alarm", fakeAlarmEvent(alarm)));

    const popup = within(await screen.findByRole("dialog", { name: "Price alarm" }));
    expect(popup.getByText("ETH/USDT")).toBeInTheDocument();
    expect(popup.getByText("ETH fell to 2,985.1 (target 3,000)")).toBeInTheDocument();
    expect(popup.getByText(/^Source: Binance, market time Mar 1, 2026/)).toBeInTheDocument();
    await user.click(popup.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog", { name: "Price alarm" })).toBeNull();
    await expect.poll(posts).toEqual([["priceAlarm/seen", { ids: [2] }]]);
  });

  it("lists several alarms in one dialog; Re-arm arms that one again and OK marks the rest seen", async () => {
    const { user, posts, reads } = renderPopups(alarmServer());
    await expect.poll(reads).toBe(1);
    act(() => {
      stream().emit("alarm", fakeAlarmEvent());
      stream().emit("alarm", fakeAlarmEvent(btcFired));
      // the same alarm pushed twice is listed once
      stream().emit("alarm", fakeAlarmEvent());
      // BTC is back below its target, so the server would arm it again
      tick("BTC", 64_000);
    });
    const popup = within(await screen.findByRole("dialog", { name: "Price alarms" }));
    expect(firedTexts(popup)).toEqual(["BTC rose to 65,012.5 (target 65,000)", "ETH fell to 2,985.1 (target 3,000)"]);
    const btc = popup.getAllByRole("listitem")[0];
    if (!btc) throw new Error("no BTC alarm listed");
    await user.click(within(btc).getByRole("button", { name: "Re-arm" }));
    expect(await screen.findByText("Alarm re-armed: BTC rises to 66,000")).toBeInTheDocument();
    const single = within(await screen.findByRole("dialog", { name: "Price alarm" }));
    expect(single.getAllByRole("listitem")).toHaveLength(1);
    await user.click(single.getByRole("button", { name: "OK" }));
    await expect.poll(posts).toEqual([
      ["priceAlarm/rearm", { id: 7 }],
      ["priceAlarm/seen", { ids: [2] }],
    ]);
  });

  it("offers Re-arm for a price alarm only once the live price is back on its armed side, always for a percent one", async () => {
    renderPopups(alarmServer());
    const percent = fakeFiredAlarm({ id: 3, kind: "percent", percent: -5, price: 2900, firedPrice: 2899 });
    act(() => {
      stream().emit("alarm", fakeAlarmEvent());
      stream().emit("alarm", fakeAlarmEvent(percent));
    });
    const popup = within(await screen.findByRole("dialog", { name: "Price alarms" }));
    const actionOf = (index: number) => {
      const item = popup.getAllByRole("listitem")[index];
      if (!item) throw new Error("alarm not listed");
      return within(item).getByRole("button").textContent;
    };
    // no live price yet, then one still below the target of 3,000 the alarm fell to
    expect([actionOf(0), actionOf(1)]).toEqual(["Set a new alarm", "Re-arm"]);
    act(() => tick("ETH", 2_990));
    expect([actionOf(0), actionOf(1)]).toEqual(["Set a new alarm", "Re-arm"]);
    act(() => tick("ETH", 3_010));
    expect([actionOf(0), actionOf(1)]).toEqual(["Re-arm", "Re-arm"]);
  });

  it("sets a new alarm on the coin from the price now, marking the fired one seen", async () => {
    const { user, posts } = renderPopups(alarmServer());
    act(() => stream().emit("alarm", fakeAlarmEvent()));
    const popup = within(await screen.findByRole("dialog", { name: "Price alarm" }));
    await user.click(popup.getByRole("button", { name: "Set a new alarm" }));

    const form = within(await screen.findByRole("dialog", { name: "Price alarm for ETH" }));
    expect(form.getByText("Current price of ETH: 2,990.5 USDT")).toBeInTheDocument();
    expect(form.getByText(/^Source: Binance \(replay\), market time Mar 2, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Price alarm" })).toBeNull();
    await expect.poll(posts).toEqual([["priceAlarm/seen", { ids: [2] }]]);
  });

  it("on each (re)connect and when shown again, lists the alarms that fired while the stream was down, once each", async () => {
    const server = alarmServer({ "7": [fakeAlarm(), fakeFiredAlarm({ id: 5, seen: true })] });
    const { user, posts, reads } = renderPopups(server);
    await expect.poll(reads).toBe(1);
    act(() => stream().emit("alarm", fakeAlarmEvent(btcFired)));
    await screen.findByRole("dialog", { name: "Price alarm" });

    // the phone slept: two alarms fired meanwhile, one of them the BTC alarm the popup already lists
    server.fire(fakeFiredAlarm({ id: 4, firedAt: Date.parse("2026-03-02T12:30:00.000Z") }));
    server.fire(fakeFiredAlarm());
    server.fire(btcFired);
    act(() => stream().emit("hello", { market: {}, lang: "en" }));
    await expect.poll(reads).toBe(2);
    const popup = within(await screen.findByRole("dialog", { name: "Price alarms" }));
    await expect.poll(() => popup.getAllByRole("listitem").length).toBe(3);
    expect(popup.getAllByRole("listitem").map((item) => item.textContent?.includes("BTC/USDT"))).toEqual([
      true,
      false,
      false,
    ]);

    await user.click(popup.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await expect.poll(posts).toEqual([["priceAlarm/seen", { ids: [7, 2, 4] }]]);
    // the app is shown again; a list that does not know of the OK yet adds none of them back
    server.fire(fakeFiredAlarm());
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(reads).toBe(3);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("drops another account's alarms on a switch or a sign-out", async () => {
    const server = alarmServer({ "7": [fakeFiredAlarm()], "8": [] });
    const { store, reads } = renderPopups(server);
    await screen.findByRole("dialog", { name: "Price alarm" });
    act(() => stream().emit("alarm", fakeAlarmEvent(btcFired)));
    await screen.findByRole("dialog", { name: "Price alarms" });

    server.signIn("8");
    act(() => store.set(userIdAtom, "8"));
    expect(screen.queryByRole("dialog")).toBeNull();
    await expect.poll(reads).toBe(2);
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => store.set(loginStatusAtom, "loggedOut"));
    act(() => stream().emit("hello", { market: {}, lang: "en" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(reads()).toBe(2);
  });

  it("starts an account signed in again from its list, not from what was on screen before", async () => {
    const server = alarmServer({ "7": [] });
    const { store, reads } = renderPopups(server);
    await expect.poll(reads).toBe(1);
    act(() => stream().emit("alarm", fakeAlarmEvent(btcFired)));
    await screen.findByRole("dialog", { name: "Price alarm" });

    act(() => store.set(loginStatusAtom, "loggedOut"));
    expect(screen.queryByRole("dialog")).toBeNull();
    // meanwhile the alarm was deleted from another device; the list read at the sign-in decides
    act(() => store.set(loginStatusAtom, "loggedIn"));
    await expect.poll(reads).toBe(2);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("ignores an alarm event it cannot read", async () => {
    const { reads, api } = renderPopups(alarmServer());
    await expect.poll(reads).toBe(1);
    act(() => stream().emit("alarm", { alarm: { id: "x" } }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.calls).toHaveLength(1);
  });
});
