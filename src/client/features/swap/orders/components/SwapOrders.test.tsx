import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SwapOrder } from "../../../../../contract/swap.ts";
import { createBrowserHost } from "../../../../host/browser-host.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../../shared/session/session.ts";
import { userIdAtom } from "../../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, type StubReply, stubApi } from "../../../../shared/testing/stub-api.ts";
import { fakeSwapOrder, IN_HASH, OUT_HASH } from "../testing/fake-swap-order.ts";
import { ORDER_POLL_MS } from "../use-swap-orders.ts";
import { SwapOrderDetail } from "./SwapOrderDetail.tsx";
import { SwapOrdersList } from "./SwapOrdersList.tsx";
import { SwapTransactionRecord } from "./SwapTransactionRecord.tsx";

const completed = fakeSwapOrder({
  orderId: "SW2",
  type: "limit",
  status: "completed",
  receivedAmount: "4490.5",
  transferOutHash: OUT_HASH,
  transferOutUrl: `https://etherscan.io/tx/${OUT_HASH}`,
  transferInHash: IN_HASH,
  transferInUrl: `https://etherscan.io/tx/${IN_HASH}`,
});
const failed = fakeSwapOrder({ orderId: "SW1", status: "fail", statusReason: "slippageExceeded" });

function render(ui: React.ReactElement, { signedIn = true } = {}) {
  const host = createBrowserHost();
  const open = vi.spyOn(host.links, "open").mockImplementation(() => undefined);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const result = renderWithProviders(ui, host);
  if (signedIn) {
    act(() => {
      result.store.set(userIdAtom, "7");
      result.store.set(loginStatusAtom, "loggedIn");
    });
  }
  return { ...result, user, open };
}

function ordersServer(reply: (call: RecordedCall) => StubReply | undefined) {
  return stubApi((call) => reply(call) ?? { code: 404, data: null });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("transaction record", () => {
  it("asks a visitor to sign in and reads nothing", async () => {
    const { calls } = ordersServer(() => undefined);
    const { user, store } = render(<SwapOrdersList />, { signedIn: false });
    expect(screen.getByText("Please log in first.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it("lists the orders with pair, type, time, status and the shortened transactions, opening the explorer", async () => {
    const { calls } = ordersServer((call) =>
      call.path === "getSwapOrders" ? { data: { lists: [completed, failed], total: 2 } } : undefined,
    );
    const { user, open } = render(<SwapOrdersList />);
    const list = await screen.findByRole("list", { name: "Transaction record" });
    expect(calls[0]).toMatchObject({ method: "POST", body: { page: 1, pageNum: 20 } });
    const [first, second] = within(list).getAllByRole("listitem");
    if (!first || !second) throw new Error("two rows expected");
    expect(first).toHaveTextContent("1.5 ETH → 4,490.5 USDC");
    expect(first).toHaveTextContent("Limit");
    expect(first).toHaveTextContent("Completed");
    expect(first).toHaveTextContent("2026");
    expect(second).toHaveTextContent("1.5 ETH → 4,500.123457 USDC");
    expect(second).toHaveTextContent("Market");
    expect(second).toHaveTextContent("Failed");

    const out = within(first).getByRole("link", { name: "Transfer-out transaction 0xab...ef01" });
    expect(out).toHaveTextContent("0xab...ef01");
    expect(within(first).getByRole("link", { name: "Transfer-in transaction 0x98...5432" })).toHaveAttribute(
      "href",
      `https://etherscan.io/tx/${IN_HASH}`,
    );
    await user.click(out);
    expect(open).toHaveBeenCalledWith(`https://etherscan.io/tx/${OUT_HASH}`);
  });

  it("pages through the record", async () => {
    const { calls } = ordersServer((call) => {
      if (call.path !== "getSwapOrders") return undefined;
      const page = (call.body as { page: number }).page;
      return { data: { lists: [page === 1 ? completed : failed], total: 3 } };
    });
    const { user } = render(<SwapOrdersList pageSize={2} />);
    expect(await screen.findByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { page: 1, pageNum: 2 },
      { page: 2, pageNum: 2 },
    ]);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("says when there are no swaps, and offers a retry when the record cannot be read", async () => {
    let fail = true;
    ordersServer(() => (fail ? { code: 500, data: null } : { data: { lists: [], total: 0 } }));
    const { user } = render(<SwapOrdersList />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Your swaps could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No swaps yet.")).toBeInTheDocument();
  });
});

describe("swap order detail", () => {
  it("follows an order every 5 s until its status is final, marking the current step", async () => {
    const answers: SwapOrder[] = [
      fakeSwapOrder({ status: "exchanging", transferOutHash: OUT_HASH, transferOutUrl: completed.transferOutUrl }),
      { ...completed, orderId: "SW1001" },
    ];
    const { calls } = ordersServer((call) =>
      call.path === "getOrderStatus" ? { data: answers[Math.min(calls.length - 1, 1)] } : undefined,
    );
    render(<SwapOrderDetail orderId="SW1001" />);
    const steps = await screen.findByRole("list", { name: "Transfer steps" });
    expect(within(steps).getByText("In progress")).toHaveAttribute("aria-current", "step");
    expect(screen.getByText("Exchanging")).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ orderId: "SW1001" });

    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(await screen.findByText("Completed", { selector: ".status-badge" })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(within(steps).queryByText("In progress")).not.toHaveAttribute("aria-current");
    // final: asked no more
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(calls).toHaveLength(2);
  });

  it("shows received against the minimum, the transactions with copy, and why it failed", async () => {
    ordersServer((call) =>
      call.path === "getOrderStatus"
        ? { data: { ...completed, status: "fail", statusReason: "slippageExceeded", receivedAmount: null } }
        : undefined,
    );
    const { user } = render(<SwapOrderDetail orderId="SW2" />);
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The price moved beyond your slippage. Nothing was swapped.",
    );
    const facts = screen.getByText("Minimum received").closest("dl");
    if (!facts) throw new Error("facts expected");
    expect(facts).toHaveTextContent("Minimum received4,477.6 USDC");
    expect(facts).toHaveTextContent("Received-- USDC");
    const hashes = screen.getByRole("list", { name: "Transactions" });
    expect(within(hashes).getByRole("link", { name: "Transfer-out transaction 0xab...ef01" })).toBeInTheDocument();
    await user.click(within(hashes).getByRole("button", { name: "Copy Transfer-in transaction" }));
    expect(writeText).toHaveBeenCalledWith(IN_HASH);
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
  });

  it("cancels an order awaiting its deposit", async () => {
    const { calls } = ordersServer((call) => {
      if (call.path === "getOrderStatus") return { data: fakeSwapOrder() };
      if (call.path === "swap/cancelOrder") return { data: fakeSwapOrder({ status: "cancelled" }) };
      return undefined;
    });
    const { user } = render(<SwapOrderDetail orderId="SW1001" />);
    expect(await screen.findByText("Awaiting user deposit")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("The order was cancelled.")).toBeInTheDocument();
    expect(screen.getByText("Cancelled", { selector: ".status-badge" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel order" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === "swap/cancelOrder").map((call) => call.body)).toEqual([
      { orderId: "SW1001" },
    ]);
  });

  it("says why an order cannot be cancelled", async () => {
    ordersServer((call) => {
      if (call.path === "getOrderStatus") return { data: fakeSwapOrder() };
      if (call.path === "swap/cancelOrder") return { code: 331, data: { key: "orderNotCancellable" } };
      return undefined;
    });
    const { user } = render(<SwapOrderDetail orderId="SW1001" />);
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("The swap was sent already, so the order cannot be cancelled.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel order" })).toBeEnabled();
  });
});

describe("record with detail", () => {
  it("opens an order's detail from its row and goes back to the list", async () => {
    ordersServer((call) => {
      if (call.path === "getSwapOrders") return { data: { lists: [completed], total: 1 } };
      if (call.path === "getOrderStatus") return { data: completed };
      return undefined;
    });
    const { user } = render(<SwapTransactionRecord />);
    await user.click(await screen.findByRole("button", { name: "Details of 1.5 ETH → 4,490.5 USDC" }));
    expect(await screen.findByRole("region", { name: "Swap order" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByRole("list", { name: "Transaction record" })).toBeInTheDocument();
  });
});
