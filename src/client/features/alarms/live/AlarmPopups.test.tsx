import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeAlarm, fakeAlarmEvent, fakeFiredAlarm } from "../testing/alarm-fixtures.ts";
import { AlarmPopups } from "./AlarmPopups.tsx";

function alarmServer(call: RecordedCall): StubReply {
  if (call.path === "priceAlarm/seen") return { data: { unseen: 0 } };
  if (call.path === "priceAlarm/rearm") {
    const { id } = call.body as { id: number };
    return { data: fakeAlarm({ id, coinPair: "BTC/USDT", coinAbbr: "BTC", coinId: "btc", price: 66000 }) };
  }
  throw new Error(`unexpected call ${call.path}`);
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

describe("price alarm popup", () => {
  beforeEach(() => {
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("opens on a pushed alarm with the coin, the price that fired it, its source and time; OK marks it seen", async () => {
    const api = stubApi(alarmServer);
    const user = userEvent.setup();
    renderWithProviders(<AlarmPopups />);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => stream().emit("alarm", fakeAlarmEvent()));

    const popup = within(await screen.findByRole("dialog", { name: "Price alarm" }));
    expect(popup.getByText("ETH/USDT")).toBeInTheDocument();
    expect(popup.getByText("ETH fell to 2,985.1 (target 3,000)")).toBeInTheDocument();
    expect(popup.getByText(/^Source: Binance \(replay\), market time Mar 2, 2026/)).toBeInTheDocument();
    await user.click(popup.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("dialog", { name: "Price alarm" })).toBeNull();
    await expect
      .poll(() => api.calls.map((call) => [call.path, call.body]))
      .toEqual([["priceAlarm/seen", { ids: [2] }]]);
  });

  it("lists several alarms in one dialog; Re-arm arms that one again and OK marks the rest seen", async () => {
    const api = stubApi(alarmServer);
    const user = userEvent.setup();
    renderWithProviders(<AlarmPopups />);
    act(() => {
      stream().emit("alarm", fakeAlarmEvent());
      stream().emit("alarm", fakeAlarmEvent(btcFired));
      // the same alarm pushed twice is listed once
      stream().emit("alarm", fakeAlarmEvent());
    });
    const popup = within(await screen.findByRole("dialog", { name: "Price alarms" }));
    const items = popup.getAllByRole("listitem");
    expect(items.map((item) => item.querySelector(".alarm-fired__what")?.textContent)).toEqual([
      "BTC rose to 65,012.5 (target 65,000)",
      "ETH fell to 2,985.1 (target 3,000)",
    ]);
    const btc = items[0];
    if (!btc) throw new Error("no BTC alarm listed");
    await user.click(within(btc).getByRole("button", { name: "Re-arm" }));
    expect(await screen.findByText("Alarm re-armed: BTC rises to 66,000")).toBeInTheDocument();
    const single = within(await screen.findByRole("dialog", { name: "Price alarm" }));
    expect(single.getAllByRole("listitem")).toHaveLength(1);
    await user.click(single.getByRole("button", { name: "OK" }));
    await expect
      .poll(() => api.calls.map((call) => [call.path, call.body]))
      .toEqual([
        ["priceAlarm/rearm", { id: 7 }],
        ["priceAlarm/seen", { ids: [2] }],
      ]);
  });

  it("ignores an alarm event it cannot read", async () => {
    const api = stubApi(alarmServer);
    renderWithProviders(<AlarmPopups />);
    act(() => stream().emit("alarm", { alarm: { id: "x" } }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
