import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeSwapOrder } from "../testing/ai-wallet-fixtures.ts";
import { TradeResult } from "./TradeResult.tsx";

describe("market swap result", () => {
  it("a swap under way is read again every few seconds until it completes, then the balances are read", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const statuses = ["pending", "completed"] as const;
    let reads = 0;
    const api = stubApi((call) => {
      if (call.path !== "getOrderStatus") throw new Error(`unexpected call ${call.path}`);
      const status = statuses[Math.min(reads, statuses.length - 1)] ?? "completed";
      reads += 1;
      return { data: fakeSwapOrder({ status, receivedAmount: status === "completed" ? "200.1" : null }) };
    });
    const settled = vi.fn();
    renderWithProviders(
      <TradeResult
        outcome={{ kind: "market", order: fakeSwapOrder({ status: "pending", receivedAmount: null }) }}
        orderPollMs={3_000}
        onClose={() => undefined}
        onSettled={settled}
      />,
    );
    expect(screen.getByText(/^Swap 0\.1 ETH → 200 USDT:/)).toHaveTextContent("Pending");
    expect(api.calls).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ orderId: "SW-9" });
    expect(screen.getByText(/^Swap 0\.1 ETH → 200 USDT:/)).toHaveTextContent("Pending");
    expect(settled).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText(/^Swap 0\.1 ETH → 200\.1 USDT:/)).toHaveTextContent("Completed");
    expect(settled).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.calls).toHaveLength(2);
  });

  it("a swap answered final is not read again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const api = stubApi(() => ({ data: fakeSwapOrder() }));
    const settled = vi.fn();
    renderWithProviders(
      <TradeResult
        outcome={{ kind: "market", order: fakeSwapOrder({ status: "fail", statusReason: "txReverted" }) }}
        orderPollMs={3_000}
        onClose={() => undefined}
        onSettled={settled}
      />,
    );
    expect(screen.getByText(/^Swap 0\.1 ETH/)).toHaveTextContent("Failed");
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(api.calls).toHaveLength(0);
    expect(settled).not.toHaveBeenCalled();
  });
});
