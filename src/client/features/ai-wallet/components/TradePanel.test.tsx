import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS } from "../../../../contract/swap.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { aiWalletServer, fakeLimitOrder, fakeSwapOrder, USDT } from "../testing/ai-wallet-fixtures.ts";
import { testSlots } from "../testing/test-slots.tsx";
import { AiWalletView } from "./AiWalletView.tsx";
import type { TradeMode } from "./trade-types.ts";

function renderTrade(mode: TradeMode, extra: (call: RecordedCall) => StubReply | undefined = () => undefined) {
  const api = stubApi(aiWalletServer(extra));
  const user = userEvent.setup();
  const result = renderWithProviders(
    <AiWalletView slots={testSlots} pollMs={0} initialTab="trade" initialMode={mode} onEmailSignIn={() => undefined} />,
  );
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
  });
  return { ...result, api, user };
}

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

  it("a coin that cannot be swapped (218) is said, and a retry of the same swap reuses its requestId", async () => {
    const { user, api } = renderTrade("market", (call) =>
      call.path === "aiAccountSwap" ? { code: 218, data: { key: "coinNotSwappable" } } : undefined,
    );
    await pickReceive(user, "USDT");
    await user.type(screen.getByRole("textbox", { name: /^Amount to pay/ }), "0.1");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This coin cannot be swapped.");
    await user.click(screen.getByRole("button", { name: "Swap now" }));
    const ids = callsTo(api.calls, "aiAccountSwap").map((call) => (call.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
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
});
