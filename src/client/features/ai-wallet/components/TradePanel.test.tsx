import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../../../../contract/swap.ts";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { aiWalletServer, fakeLimitOrder, fakeSwapOrder, USDT } from "../testing/ai-wallet-fixtures.ts";
import { renderSignedInWallet } from "../testing/render-ai-wallet.tsx";
import type { TradeMode } from "./trade-types.ts";

function renderTrade(mode: TradeMode, extra: (call: RecordedCall) => StubReply | undefined = () => undefined) {
  const api = stubApi(aiWalletServer(extra));
  const user = userEvent.setup();
  const host = createBrowserHost();
  const haptic = vi.spyOn(host.haptics, "notification");
  const result = renderSignedInWallet({ initialTab: "trade", initialMode: mode }, { host });
  const haptics = () => haptic.mock.calls.map(([kind]) => kind);
  return { ...result, api, user, haptics };
}

const swapIds = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === "aiAccountSwap").map((call) => (call.body as { requestId: string }).requestId);

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

async function pickReceive(user: ReturnType<typeof userEvent.setup>, symbol: string) {
  await user.click(await screen.findByRole("button", { name: "Token to receive: none chosen" }));
  await user.click(
    within(screen.getByRole("dialog", { name: "Select the token to receive" })).getByRole("button", { name: symbol }),
  );
}

describe("market swap from the AI wallet", () => {
  it("pays with the chain's coin it holds, swaps at once and shows the swap with its transaction", async () => {
    const { user, api } = renderTrade("market", (call) =>
      call.path === "aiAccountSwap" ? { data: fakeSwapOrder() } : undefined,
    );
    expect(await screen.findByRole("tab", { name: "Market", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Token to pay: ETH" })).toBeInTheDocument();
    expect(screen.getByText("Balance: 1.5 ETH")).toBeInTheDocument();
    await pickReceive(user, "USDT");
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.1");
    await user.click(screen.getByRole("button", { name: "Swap now" }));

    expect(await screen.findByText(/^Swap 0\.1 ETH → 200\.1 USDT:/)).toHaveTextContent("Completed");
    expect(screen.getByRole("link", { name: "Swap transaction 0xd4...d4d4" })).toBeInTheDocument();
    const [swap] = callsTo(api.calls, "aiAccountSwap");
    expect(swap?.body).toEqual({
      chainId: 1,
      fromToken: NATIVE_TOKEN_ADDRESS,
      toToken: USDT,
      amount: "0.1",
      slippage: "0.5",
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it("Max keeps gas back on the chain's coin; above the balance is refused at the amount", async () => {
    const { user, api } = renderTrade("market");
    await pickReceive(user, "USDT");
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByRole("textbox", { name: /^Amount to pay/ })).toHaveValue("1.499");
    await user.clear(screen.getByRole("textbox", { name: /^Amount to pay/ }));
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "2");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Amount to pay: Insufficient balance.");
    expect(callsTo(api.calls, "aiAccountSwap")).toHaveLength(0);
  });

  it("a coin that cannot be swapped (218) is said, and the next press is a new request", async () => {
    const { user, api } = renderTrade("market", (call) =>
      call.path === "aiAccountSwap" ? { code: 218, data: { key: "coinNotSwappable" } } : undefined,
    );
    await pickReceive(user, "USDT");
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.1");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This coin cannot be swapped.");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    await expect.poll(() => swapIds(api.calls)).toHaveLength(2);
    const [first, second] = swapIds(api.calls);
    expect(second).not.toBe(first);
  });

  it("a failure that leaves it unknown whether the swap was made retries with the same requestId", async () => {
    const { user, api } = renderTrade("market", (call) =>
      call.path === "aiAccountSwap" ? { status: 500, code: 1001, data: { key: "Serverbusy" } } : undefined,
    );
    await pickReceive(user, "USDT");
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.1");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The server is busy.");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    await expect.poll(() => swapIds(api.calls)).toHaveLength(2);
    const [first, second] = swapIds(api.calls);
    expect(second).toBe(first);
  });

  it("the chain's node unreachable (502), then the failed order answered: both failures, each retry a new swap", async () => {
    let presses = 0;
    const { user, api, haptics } = renderTrade("market", (call) => {
      if (call.path !== "aiAccountSwap") return undefined;
      presses += 1;
      if (presses === 1) return { status: 502, code: 1001, data: { key: "rpcUnavailable" } };
      if (presses === 2) return { data: fakeSwapOrder({ status: "fail", statusReason: "slippageExceeded" }) };
      return { data: fakeSwapOrder() };
    });
    await pickReceive(user, "USDT");
    const amount = screen.getByRole("textbox", { name: /^Amount to pay/ });
    await user.type(amount, "0.1");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The network cannot be reached right now.");
    expect(haptics()).toEqual(["error"]);

    await user.click(screen.getByRole("button", { name: "Swap now" }));
    const failed = await screen.findByText(/^Swap 0\.1 ETH → 200\.1 USDT:/);
    expect(failed).toHaveTextContent("Failed");
    expect(screen.getByText("The price moved beyond your slippage. Nothing was swapped.")).toBeInTheDocument();
    expect(amount).toHaveValue("0.1");
    expect(haptics()).toEqual(["error", "error"]);

    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByText(/^Swap 0\.1 ETH → 200\.1 USDT:/)).toHaveTextContent("Completed");
    expect(amount).toHaveValue("");
    expect(haptics()).toEqual(["error", "error", "success"]);
    const ids = swapIds(api.calls);
    expect(new Set(ids).size).toBe(3);
  });
});

describe("limit orders", () => {
  it("sets the limit against ETH's market price with its source and time, places the order and lists it", async () => {
    let placed = false;
    const { user, api } = renderTrade("limit", (call) => {
      if (call.path === "aiAccountLimitSwap") {
        placed = true;
        return { data: fakeLimitOrder() };
      }
      if (call.path === "aiAccount/limitOrders") return { data: { lists: placed ? [fakeLimitOrder()] : [] } };
      return undefined;
    });
    expect(await screen.findByRole("tab", { name: "Limit order", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Sell" })).toBeChecked();
    await pickReceive(user, "USDT");
    expect(
      await screen.findByText(/^Market price of ETH: 2,000\.33 USDT \(Binance \(replay\), .*2026.*\)\.$/),
    ).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.5");
    const limit = screen.getByRole("textbox", { name: /^Limit price \(USDT\)/ });
    await user.type(limit, "1900");
    expect(
      screen.getByText("The market price is already at or above this limit: the order would execute at once."),
    ).toBeInTheDocument();
    await user.clear(limit);
    await user.type(limit, "2500");
    expect(screen.getByText("Your limit is 24.98% above the market price.")).toBeInTheDocument();
    const days = screen.getByRole("textbox", { name: /^Expires after \(days\)/ });
    await user.clear(days);
    await user.type(days, "3");
    await user.click(screen.getByRole("button", { name: "Place limit order" }));

    expect(
      await screen.findByText(/^Limit order placed: sell 0\.5 ETH when ETH reaches 2,500 USDT\./),
    ).toBeInTheDocument();
    const [order] = callsTo(api.calls, "aiAccountLimitSwap");
    expect(order?.body).toEqual({
      chainId: 1,
      side: "sell",
      fromToken: NATIVE_TOKEN_ADDRESS,
      toToken: USDT,
      amount: "0.5",
      limitPrice: 2500,
      slippage: "0.5",
      expiresInDays: 3,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const list = within(await screen.findByRole("list", { name: "Limit orders" }));
    expect(list.getByRole("listitem", { name: "Sell 0.5 ETH for USDT when ETH ≥ 2,500 USDT" })).toHaveTextContent(
      "Open",
    );
  });

  it("an expiry outside 1 to 90 days is said at the field and nothing is placed", async () => {
    const { user, api } = renderTrade("limit");
    await pickReceive(user, "USDT");
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.5");
    await user.type(screen.getByRole("textbox", { name: /^Limit price \(USDT\)/ }), "2500");
    const days = screen.getByRole("textbox", { name: /^Expires after \(days\)/ });
    for (const typed of ["0", "95"]) {
      await user.clear(days);
      await user.type(days, typed);
      await user.click(screen.getByRole("button", { name: "Place limit order" }));
      expect(days).toHaveValue(typed);
      expect(days).toHaveAttribute("aria-invalid", "true");
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Expires after (days): Enter a whole number of days from 1 to 90.",
      );
    }
    expect(callsTo(api.calls, "aiAccountLimitSwap")).toHaveLength(0);
  });

  it("a buy watches the coin bought", async () => {
    const { user } = renderTrade("limit");
    await user.click(await screen.findByRole("radio", { name: "Buy" }));
    await user.click(screen.getByRole("button", { name: "Token to pay: ETH" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Select the token to pay" })).getByRole("button", { name: "USDT" }),
    );
    await pickReceive(user, "ETH");
    await user.type(screen.getByRole("textbox", { name: /^Limit price \(USDT\)/ }), "1800");
    expect(await screen.findByText("Your limit is 10.01% below the market price.")).toBeInTheDocument();
    expect(screen.getByText("Buy when 1 ETH costs this much or less.")).toBeInTheDocument();
  });

  it("cancels an open order; a finished one offers no Cancel", async () => {
    let cancelled = false;
    const { user, api } = renderTrade("limit", (call) => {
      if (call.path === "aiAccount/limitOrders") {
        return {
          data: {
            lists: [
              fakeLimitOrder({ status: cancelled ? "cancelled" : "open" }),
              fakeLimitOrder({
                orderId: "LO-0",
                status: "completed",
                triggerPrice: 2510,
                receivedAmount: "1255",
                limitPrice: 2400,
              }),
            ],
          },
        };
      }
      if (call.path === "cancelLimitOrder") {
        cancelled = true;
        return { data: fakeLimitOrder({ status: "cancelled" }) };
      }
      return undefined;
    });
    const list = within(await screen.findByRole("list", { name: "Limit orders" }));
    const done = list.getByRole("listitem", { name: "Sell 0.5 ETH for USDT when ETH ≥ 2,400 USDT" });
    expect(done).toHaveTextContent("Completed");
    expect(done).toHaveTextContent("Set off at 2,510 USDT");
    expect(done).toHaveTextContent("Received 1,255 USDT");
    expect(within(done).queryByRole("button")).toBeNull();
    await user.click(list.getByRole("button", { name: "Cancel: Sell 0.5 ETH for USDT when ETH ≥ 2,500 USDT" }));
    expect(await list.findByText("Cancelled")).toBeInTheDocument();
    expect(callsTo(api.calls, "cancelLimitOrder")[0]?.body).toEqual({ orderId: "LO-1" });
  });

  it("says why an open order waits, and when each order was placed, set off, executed or expired", async () => {
    renderTrade("limit", (call) =>
      call.path === "aiAccount/limitOrders"
        ? {
            data: {
              lists: [
                fakeLimitOrder({ statusReason: "slippageExceeded" }),
                fakeLimitOrder({
                  orderId: "LO-0",
                  status: "completed",
                  limitPrice: 2400,
                  triggerPrice: 2510,
                  receivedAmount: "1255",
                  executedAt: "2026-03-05T08:00:00.000Z",
                }),
                fakeLimitOrder({ orderId: "LO-2", status: "expired", limitPrice: 3000 }),
              ],
            },
          }
        : undefined,
    );
    const list = within(await screen.findByRole("list", { name: "Limit orders" }));
    const open = list.getByRole("listitem", { name: "Sell 0.5 ETH for USDT when ETH ≥ 2,500 USDT" });
    expect(open).toHaveTextContent("Waiting: The price moved beyond your slippage. Nothing was swapped.");
    expect(open.textContent).toMatch(/Placed Mar 4, 2026/);
    expect(open.textContent).toMatch(/Expires Mar 11, 2026/);
    const done = list.getByRole("listitem", { name: "Sell 0.5 ETH for USDT when ETH ≥ 2,400 USDT" });
    expect(done.textContent).toMatch(/Set off at 2,510 USDT, executed Mar 5, 2026/);
    expect(done.textContent).not.toMatch("Waiting");
    const expired = list.getByRole("listitem", { name: "Sell 0.5 ETH for USDT when ETH ≥ 3,000 USDT" });
    expect(expired.textContent).toMatch(/Expired Mar 11, 2026/);
  });
});
