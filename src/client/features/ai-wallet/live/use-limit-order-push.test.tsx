import { act, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { aiWalletServer, fakeLimitOrder } from "../testing/ai-wallet-fixtures.ts";
import { renderSignedInWallet } from "../testing/render-ai-wallet.tsx";
import { useLimitOrderPush } from "./use-limit-order-push.ts";

/** the app shell mounts the hook for the signed-in account (LiveUpdates); here beside the wallet it refreshes */
function OutcomeToasts() {
  useLimitOrderPush("7");
  return null;
}

function renderWallet() {
  const api = stubApi(aiWalletServer());
  const result = renderSignedInWallet({ initialTab: "trade", initialMode: "limit" }, { beside: <OutcomeToasts /> });
  const reads = (path: string) => api.calls.filter((call: RecordedCall) => call.path === path).length;
  return { ...result, api, reads };
}

const push = (order: ReturnType<typeof fakeLimitOrder>) =>
  act(() => FakeEventSource.latest().emit("limitOrder", order));

describe("limit order outcome pushed to the owner", () => {
  beforeEach(() => {
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("an executed order is told with what it received; the orders and the balances are read again", async () => {
    const { reads } = renderWallet();
    await screen.findByText("No limit orders yet.");
    const before = { orders: reads("aiAccount/limitOrders"), info: reads("getAIAccountInfo") };
    push(
      fakeLimitOrder({
        status: "completed",
        triggerPrice: 2510,
        receivedAmount: "1255",
        executedAt: "2026-03-05T08:00:00.000Z",
      }),
    );
    expect(
      await screen.findByText("Limit order completed: you paid 0.5 ETH and received 1,255 USDT."),
    ).toBeInTheDocument();
    await expect.poll(() => reads("aiAccount/limitOrders")).toBe(before.orders + 1);
    await expect.poll(() => reads("getAIAccountInfo")).toBe(before.info + 1);
  });

  it("a failed order says why; an expired one says nothing was swapped; a damaged event is left out", async () => {
    const { reads } = renderWallet();
    await screen.findByText("No limit orders yet.");
    const before = reads("aiAccount/limitOrders");
    act(() => FakeEventSource.latest().emit("limitOrder", { orderId: "LO-1", status: "fail" }));
    push(fakeLimitOrder({ status: "fail", statusReason: "txReverted", triggerPrice: 2510 }));
    expect(await screen.findByText(/^Limit order for 0\.5 ETH failed: /)).toBeInTheDocument();
    push(fakeLimitOrder({ orderId: "LO-2", status: "expired" }));
    expect(await screen.findByText("Limit order for 0.5 ETH expired; nothing was swapped.")).toBeInTheDocument();
    await expect.poll(() => reads("aiAccount/limitOrders")).toBe(before + 2);
  });
});
