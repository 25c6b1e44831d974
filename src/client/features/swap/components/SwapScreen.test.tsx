import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SwapScreenQuery } from "../../../../contract/chat.ts";
import { NATIVE_TOKEN_ADDRESS } from "../../../../contract/swap.ts";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { swapTokensAtom } from "../swap-state.ts";
import {
  APPROVE_HASH,
  fakeAssets,
  fakeOrder,
  fakeQuote,
  fakeSwapData,
  fakeTokenList,
  injectWallet,
  ROUTER,
  SWAP_HASH,
  swapServer,
  USDC,
  WALLET,
} from "../testing/swap-fixtures.ts";
import type { SwapFlowTiming } from "../wallet/swap-flow.ts";
import { SwapScreen } from "./SwapScreen.tsx";

// No clocks: the debounce is 0 and the flow's waits resolve at once.
const instant: SwapFlowTiming = {
  wait: () => Promise.resolve(),
  receiptPollMs: 1,
  statusPollMs: 1,
  receiptTimeoutMs: 10,
};

const USDC_TO_ETH: SwapScreenQuery = { fromChainId: 1, fromToken: "USDC", toToken: "ETH" };

afterEach(() => {
  Reflect.deleteProperty(window, "ethereum");
});

function renderSwap(
  options: { prefill?: SwapScreenQuery; signedIn?: boolean; host?: Host; clock?: { now(): number } } = {},
) {
  const user = userEvent.setup();
  const result = renderWithProviders(
    <SwapScreen
      prefill={options.prefill ?? USDC_TO_ETH}
      debounceMs={0}
      flowTiming={instant}
      {...(options.clock ? { clock: options.clock } : {})}
    />,
    options.host,
  );
  if (options.signedIn !== false) {
    act(() => {
      result.store.set(userIdAtom, "7");
      result.store.set(loginStatusAtom, "loggedIn");
    });
  }
  return { ...result, user };
}

const actionButton = (name: string | RegExp) => screen.findByRole("button", { name });

async function typeAmount(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const input = await screen.findByRole("textbox", { name: "You pay" });
  await user.clear(input);
  await user.type(input, amount);
}

describe("the quote", () => {
  it("shows rate, minimum received, gas in the coin and USD, route, time, fee, source, the sources compared and the time", async () => {
    const api = stubApi(swapServer());
    const { user } = renderSwap({ signedIn: false });
    await screen.findByRole("button", { name: "Token to pay: USDC on Ethereum" });
    await typeAmount(user, "100");
    const quote = within(await screen.findByRole("region", { name: "Quote" }));
    const row = (term: string) => quote.getByText(term).closest("div");
    expect(row("Rate")).toHaveTextContent("1 USDC = 0.00032 ETH");
    expect(row("Minimum received")).toHaveTextContent("0.03194 ETH");
    expect(row("Minimum received")).toHaveTextContent("(slippage 0.5%)");
    expect(row("Network fee (gas)")).toHaveTextContent("0.0012 ETH (≈ $3.87)");
    expect(row("Route")).toHaveTextContent("uniswap (swap)");
    expect(row("Estimated time")).toHaveTextContent("About 30 s");
    expect(row("Service fee")).toHaveTextContent("0.3% (0.3 USDC)");
    expect(row("Source")).toHaveTextContent("LI.FI");
    expect(row("Also asked")).toHaveTextContent("Velora: 0.0319 ETH");
    expect(row("Also asked")).toHaveTextContent("0x: No quotation for this pair and amount right now.");
    expect(row("Quoted at")).toHaveTextContent("2026");
    expect(screen.getByRole("status", { name: "Estimated amount received" })).toHaveTextContent("0.0321");

    const asked = api.calls.filter((call) => call.path === "swap/getQuoteData").at(-1);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({
      fromChainId: "1",
      toChainId: "1",
      fromToken: USDC,
      toToken: NATIVE_TOKEN_ADDRESS,
      amount: "100",
      slippage: "0.5",
    });
  });

  it("says No fee when the fee is 0, and shows a bridge step with its chains", async () => {
    stubApi(
      swapServer((call) =>
        call.path === "swap/getQuoteData"
          ? {
              data: {
                quote: fakeQuote({
                  fee: { bps: 0, amount: "0" },
                  route: [
                    { tool: "uniswap", type: "swap", fromChainId: 1, toChainId: 1 },
                    { tool: "stargate", type: "bridge", fromChainId: 1, toChainId: 137 },
                  ],
                  estimatedSeconds: 400,
                  gasUsd: null,
                }),
              },
            }
          : undefined,
      ),
    );
    const { user } = renderSwap({ signedIn: false });
    await screen.findByRole("button", { name: "Token to pay: USDC on Ethereum" });
    await typeAmount(user, "100");
    const quote = within(await screen.findByRole("region", { name: "Quote" }));
    expect(quote.getByText("Service fee").closest("div")).toHaveTextContent("No fee");
    expect(quote.getByText("Route").closest("div")).toHaveTextContent("stargate (bridge Ethereum → Polygon)");
    expect(quote.getByText("Estimated time").closest("div")).toHaveTextContent("1~10 min");
    expect(quote.getByText("Network fee (gas)").closest("div")).not.toHaveTextContent("$");
  });

  it("says plainly that the quote service cannot be reached, and shows no quote", async () => {
    stubApi(
      swapServer((call) =>
        call.path === "swap/getQuoteData"
          ? { status: 503, code: 1001, data: { key: "quoteServiceUnreachable" }, msg: "no quote source is configured" }
          : undefined,
      ),
    );
    const { user } = renderSwap({ signedIn: false });
    await screen.findByRole("button", { name: "Token to pay: USDC on Ethereum" });
    await typeAmount(user, "100");
    expect(
      await screen.findByText("The quote service cannot be reached. No quote can be given now."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Quote" })).toBeNull();
    expect(screen.getByRole("status", { name: "Estimated amount received" })).toHaveTextContent("0.0");
  });
});

describe("an expired quote", () => {
  it("is not offered once it has expired and asking again failed", async () => {
    let now = Date.parse("2026-03-04T05:06:07.000Z");
    const clock = { now: () => now };
    let failing = false;
    stubApi(
      swapServer((call) => {
        if (call.path !== "swap/getQuoteData") return undefined;
        if (failing) return { status: 503, code: 1001, data: { key: "Serverbusy" }, msg: "busy" };
        return { data: { quote: fakeQuote({ expiresAt: new Date(now + 30_000).toISOString() }) } };
      }),
    );
    injectWallet({ allowance: 10n ** 12n });
    const { user } = renderSwap({ clock });
    await typeAmount(user, "100");
    await actionButton("Swap");

    failing = true;
    now += 31_000;
    await user.click(screen.getByRole("button", { name: "Refresh quote" }));
    expect(await screen.findByRole("button", { name: "Ask again" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Swap" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Quote" })).toBeNull();
  });
});

describe("the debounce (spec §9)", () => {
  it("asks one quote a second after the last keystroke, for the whole amount", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi(swapServer());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SwapScreen prefill={USDC_TO_ETH} flowTiming={instant} />);
    await screen.findByRole("button", { name: "Token to pay: USDC on Ethereum" });
    await user.type(screen.getByRole("textbox", { name: "You pay" }), "100");
    const quotes = () => api.calls.filter((call) => call.path === "swap/getQuoteData");
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(quotes()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    await screen.findByRole("region", { name: "Quote" });
    expect(quotes().map((call) => call.query.get("amount"))).toEqual(["100"]);
  });
});

describe("slippage", () => {
  it("warns at 15% and above, advises under 15%, and refuses 0", async () => {
    stubApi(swapServer());
    const { user } = renderSwap({ signedIn: false });
    expect(await screen.findByText(/Keep the slippage under 15%/)).toBeInTheDocument();
    const custom = screen.getByRole("textbox", { name: "Custom slippage (%)" });
    await user.type(custom, "15");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A slippage of 15% or more can give you much less than quoted. Keep it under 15%.",
    );
    await user.clear(custom);
    await user.type(custom, "0");
    expect(await screen.findByRole("alert")).toHaveTextContent("Slippage must be above 0.");
    await user.click(screen.getByRole("button", { name: "3%" }));
    expect(screen.getByRole("button", { name: "3%" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the quote's high-slippage warning", async () => {
    stubApi(
      swapServer((call) =>
        call.path === "swap/getQuoteData"
          ? { data: { quote: fakeQuote({ slippage: "20", warnings: ["highSlippage"] }) } }
          : undefined,
      ),
    );
    const { user } = renderSwap({ signedIn: false });
    await user.type(await screen.findByRole("textbox", { name: "Custom slippage (%)" }), "20");
    await typeAmount(user, "100");
    expect(await screen.findByText("High slippage: you may receive much less than quoted.")).toBeInTheDocument();
  });
});

describe("the action button", () => {
  it("goes Connect wallet → Switch network → Enter an amount → Insufficient balance → Approve USDC", async () => {
    const { calls } = injectWallet({ chainId: 137, connected: false });
    stubApi(swapServer());
    const { user } = renderSwap();
    await user.click(await actionButton("Connect wallet"));
    expect(calls.some((call) => call.method === "eth_requestAccounts")).toBe(true);
    expect(await screen.findByText(/Your wallet is on another network/)).toBeInTheDocument();
    await user.click(await actionButton("Switch network"));
    expect(calls.find((call) => call.method === "wallet_switchEthereumChain")?.params).toEqual([{ chainId: "0x1" }]);
    await actionButton("Enter an amount");
    expect(await screen.findByText("Balance: 1,000")).toBeInTheDocument();
    await typeAmount(user, "1000.5");
    await actionButton("Insufficient balance");
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByRole("textbox", { name: "You pay" })).toHaveValue("1000");
    await typeAmount(user, "100");
    await actionButton("Approve USDC");
    const allowance = calls.find((call) => call.method === "eth_call");
    expect(allowance?.params?.[0]).toEqual({
      to: USDC,
      data: `0xdd62ed3e${WALLET.slice(2).toLowerCase().padStart(64, "0")}${ROUTER.slice(2).toLowerCase().padStart(64, "0")}`,
    });
  });

  it("offers Swap when the allowance covers the amount, and asks a visitor to sign in first", async () => {
    injectWallet({ allowance: 10n ** 12n });
    stubApi(swapServer());
    const { user, store } = renderSwap({ signedIn: false });
    await typeAmount(user, "100");
    await actionButton("Sign in to swap");
    act(() => {
      store.set(userIdAtom, "7");
      store.set(loginStatusAtom, "loggedIn");
    });
    await actionButton("Swap");
  });

  it("adds the chain to a wallet that does not know it (4902), with the chain table's RPC URL and explorer", async () => {
    const { calls } = injectWallet({ chainId: 1 });
    stubApi(
      swapServer((call) =>
        call.path === "swap/getTokenList" && call.query.get("chainId") === "8453"
          ? undefined
          : call.path === "getWalletAssets" && call.query.get("chainId") === "8453"
            ? { data: { ...fakeAssets(8453) } }
            : undefined,
      ),
    );
    const { user } = renderSwap({ prefill: { fromChainId: 8453, fromToken: "USDC", toToken: "ETH" } });
    await user.click(await actionButton("Switch network"));
    const add = calls.find((call) => call.method === "wallet_addEthereumChain");
    expect(add?.params?.[0]).toMatchObject({
      chainId: "0x2105",
      chainName: "Base",
      nativeCurrency: { symbol: "ETH", decimals: 18 },
      rpcUrls: ["https://rpc.base.test"],
      blockExplorerUrls: ["https://explorer.base.test"],
    });
    await actionButton("Enter an amount");
  });

  it("inside Telegram (WalletConnect only) says a chain WalletConnect cannot use is not usable", async () => {
    stubApi(swapServer());
    const telegramLike: Host = {
      ...createBrowserHost(),
      loginMethods: ["telegram", "email", "walletConnect", "tonConnect"],
    };
    renderSwap({ host: telegramLike, prefill: { fromChainId: 8453, fromToken: "USDC", toToken: "ETH" } });
    // no wallet is connected: the notice names the chain WalletConnect lacks, not "your wallet"
    expect(await screen.findByText("WalletConnect does not offer Base.")).toBeInTheDocument();
    expect(screen.queryByText("Your wallet does not support this network.")).toBeNull();
    expect(await screen.findByText(/WalletConnect is not set up on this server/)).toBeInTheDocument();
  });
});

/** The order's server: getSwapData, the two hashes, then the status exchanging → completed. */
function orderServer(options: { withApproval?: boolean; final?: "completed" | "fail" } = {}) {
  const statuses = ["exchanging", options.final ?? "completed"] as const;
  let reads = 0;
  return (call: RecordedCall): StubReply | undefined => {
    switch (call.path) {
      case "swap/getSwapData":
        return { data: fakeSwapData(options.withApproval ?? true) };
      case "swap/addTransData": {
        const body = call.body as { kind: string; hash: string };
        return {
          data:
            body.kind === "approve"
              ? fakeOrder({ approveHash: body.hash })
              : fakeOrder({
                  approveHash: APPROVE_HASH,
                  transferOutHash: body.hash,
                  transferOutUrl: `https://etherscan.io/tx/${body.hash}`,
                  status: "pending",
                }),
        };
      }
      case "getOrderStatus": {
        const status = statuses[Math.min(reads, statuses.length - 1)] ?? "completed";
        reads += 1;
        return {
          data: fakeOrder({
            approveHash: APPROVE_HASH,
            transferOutHash: SWAP_HASH,
            transferOutUrl: `https://etherscan.io/tx/${SWAP_HASH}`,
            status,
            receivedAmount: status === "completed" ? "0.0322" : null,
            statusReason: status === "fail" ? "slippageExceeded" : null,
          }),
        };
      }
      case "getSwapOrders":
        return { data: { lists: [], total: 0 } };
      default:
        return undefined;
    }
  };
}

describe("the swap in the user's wallet", () => {
  it("approves, swaps, reports both hashes and follows the order to completed", async () => {
    const { calls } = injectWallet();
    const api = stubApi(swapServer(orderServer()));
    const { user } = renderSwap();
    await typeAmount(user, "100");
    await user.click(await actionButton("Approve USDC"));

    expect(await screen.findByText("Swap completed. You received 0.0322 ETH.")).toBeInTheDocument();
    const progress = within(screen.getByRole("region", { name: "Swap progress" }));
    const steps = within(progress.getByRole("list", { name: "Transfer steps" }));
    for (const step of ["Approve", "Transfer", "In progress", "Completed"]) {
      expect(steps.getByText(step).closest("li")).toHaveAttribute("data-state", "done");
    }
    expect(progress.getByRole("link", { name: /Transfer out/ })).toHaveAttribute(
      "href",
      `https://etherscan.io/tx/${SWAP_HASH}`,
    );

    const sends = calls.filter((call) => call.method === "eth_sendTransaction").map((call) => call.params?.[0]);
    expect(sends).toEqual([
      { from: WALLET, to: USDC, data: `0x095ea7b3${"0".repeat(128)}`, value: "0x0", gas: "0xea60" },
      { from: WALLET, to: ROUTER, data: "0x38ed1739", value: "0x0", gas: "0x3d090" },
    ]);
    const receipt = calls.findIndex((call) => call.method === "eth_getTransactionReceipt");
    const swapSend = calls.findIndex((call) => call.method === "eth_sendTransaction" && call.params?.[0] !== sends[0]);
    expect(receipt).toBeGreaterThan(-1);
    expect(receipt).toBeLessThan(swapSend);

    const getSwapData = api.calls.find((call) => call.path === "swap/getSwapData");
    expect(getSwapData?.body).toMatchObject({
      quoteId: "Q-1",
      fromAddress: WALLET,
      toAddress: WALLET,
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(api.calls.filter((call) => call.path === "swap/addTransData").map((call) => call.body)).toEqual([
      { orderId: "SW-7", hash: APPROVE_HASH, kind: "approve" },
      { orderId: "SW-7", hash: SWAP_HASH, kind: "swap" },
    ]);
    await waitFor(() => expect(api.calls.filter((call) => call.path === "getOrderStatus").length).toBe(2));

    // under the result only its own New swap: no action button waiting for a quote that is not asked
    const quotesAsked = api.calls.filter((call) => call.path === "swap/getQuoteData").length;
    expect(screen.queryByRole("button", { name: "Getting a quote…" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^(Swap|Approve USDC)$/ })).toBeNull();
    expect(api.calls.filter((call) => call.path === "swap/getQuoteData").length).toBe(quotesAsked);
    await user.click(screen.getByRole("button", { name: "New swap" }));
    expect(screen.getByRole("textbox", { name: "You pay" })).toHaveValue("");
    await actionButton("Enter an amount");
  });

  it("says nothing was swapped when the price moved beyond the slippage", async () => {
    injectWallet({ allowance: 10n ** 12n });
    stubApi(swapServer(orderServer({ withApproval: false, final: "fail" })));
    const { user } = renderSwap();
    await typeAmount(user, "100");
    await user.click(await actionButton("Swap"));
    expect(await screen.findByText("The price moved beyond your slippage. Nothing was swapped.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Getting a quote…" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "New swap" }));
    await actionButton("Enter an amount");
  });

  it("on a rejection in the wallet says so and lets the order be cancelled", async () => {
    const { provider } = injectWallet();
    const answer = provider.request.getMockImplementation();
    provider.request.mockImplementation(async (args) => {
      if (args.method === "eth_sendTransaction" || !answer) {
        throw Object.assign(new Error("User rejected the request."), { code: 4001 });
      }
      return answer(args);
    });
    const api = stubApi(
      swapServer((call) =>
        call.path === "swap/cancelOrder" ? { data: fakeOrder({ status: "cancelled" }) } : orderServer()(call),
      ),
    );
    const { user } = renderSwap();
    await typeAmount(user, "100");
    await user.click(await actionButton("Approve USDC"));
    expect(await screen.findByText("You rejected the request in your wallet.")).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === "swap/addTransData")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Cancel order" }));
    const progress = within(screen.getByRole("region", { name: "Swap progress" }));
    expect(await progress.findByText("Cancelled")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "swap/cancelOrder")?.body).toEqual({ orderId: "SW-7" });
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it.each([
    ["approve", APPROVE_HASH],
    ["swap", SWAP_HASH],
  ])(
    "when the %s hash cannot be reported, retries, then shows the hash, keeps checking and offers no Cancel",
    async (kind, hash) => {
      injectWallet();
      const api = stubApi(
        swapServer((call) =>
          call.path === "swap/addTransData" && (call.body as { kind?: string } | undefined)?.kind === kind
            ? { status: 503, code: 1001, data: { key: "Serverbusy" }, msg: "busy" }
            : orderServer()(call),
        ),
      );
      const { user } = renderSwap();
      await typeAmount(user, "100");
      await user.click(await actionButton("Approve USDC"));
      expect(
        await screen.findByText(/the server could not record it\. It is on the chain: keep the hash below/),
      ).toBeInTheDocument();
      const reports = api.calls.filter((call) => call.path === "swap/addTransData").map((call) => call.body);
      expect(reports.filter((body) => (body as { kind?: string }).kind === kind)).toEqual([
        { orderId: "SW-7", hash, kind },
        { orderId: "SW-7", hash, kind },
        { orderId: "SW-7", hash, kind },
      ]);
      const progress = within(screen.getByRole("region", { name: "Swap progress" }));
      expect(progress.getByTitle(hash)).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
      expect(screen.queryByText("You rejected the request in your wallet.")).toBeNull();
    },
  );

  it("tells a browser without a wallet to install one", async () => {
    stubApi(swapServer());
    const { user } = renderSwap();
    await user.click(await actionButton("Connect wallet"));
    expect(await screen.findByText("Please install the wallet first.")).toBeInTheDocument();
  });
});

describe("choosing tokens", () => {
  it("picks a token by search on another chain, flips, and keeps the pair for the next visit", async () => {
    stubApi(swapServer());
    const { user, store, unmount } = renderSwap({ prefill: {}, signedIn: false });
    // no prefill and nothing kept: the chain's coin for a stablecoin on the first chain
    await screen.findByRole("button", { name: "Token to pay: ETH on Ethereum" });
    expect(screen.getByRole("button", { name: "Token to receive: USDC on Ethereum" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Token to receive: USDC on Ethereum" }));
    const picker = within(await screen.findByRole("dialog", { name: "Select the token to receive" }));
    await user.selectOptions(picker.getByRole("combobox", { name: "Network" }), "137");
    await user.type(picker.getByRole("searchbox", { name: "Search" }), "wrapped");
    await picker.findByText("Token list: @uniswap/default-token-list 13.0.0");
    const list = within(picker.getByRole("list", { name: "Tokens" }));
    expect(list.getAllByRole("button").map((button) => button.textContent)).toEqual(["WWETHWrapped Ether"]);
    await user.click(list.getByRole("button"));
    expect(await screen.findByRole("button", { name: "Token to receive: WETH on Polygon" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Switch the tokens" }));
    expect(screen.getByRole("button", { name: "Token to pay: WETH on Polygon" })).toBeInTheDocument();
    expect(store.get(swapTokensAtom)).toMatchObject({
      from: { symbol: "WETH", chainId: 137 },
      to: { symbol: "ETH", chainId: 1 },
    });
    expect(JSON.parse(localStorage.getItem("swapTokens") ?? "null")).toMatchObject({
      from: { symbol: "WETH", chainId: 137 },
    });

    unmount();
    renderSwap({ prefill: {}, signedIn: false });
    expect(await screen.findByRole("button", { name: "Token to pay: WETH on Polygon" })).toBeInTheDocument();
  });

  it("settles on a chain whose list has one token, leaving the token to receive unchosen", async () => {
    const onlyEth = (call: RecordedCall): StubReply | undefined => {
      if (call.path !== "swap/getTokenList") return undefined;
      const list = fakeTokenList(Number(call.query.get("chainId")));
      return { data: { ...list, tokens: list.tokens.filter((token) => token.symbol === "ETH") } };
    };
    const api = stubApi(swapServer(onlyEth));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderSwap({ prefill: {}, signedIn: false });
    await screen.findByRole("button", { name: "Token to pay: ETH on Ethereum" });
    expect(screen.getByRole("button", { name: "Token to receive: none chosen" })).toBeInTheDocument();
    const asked = api.calls.length;
    await act(() => Promise.resolve());
    expect(api.calls.length).toBe(asked);
    expect(errors).not.toHaveBeenCalledWith(expect.stringContaining("Maximum update depth"), expect.anything());
    errors.mockRestore();
  });

  it("reads the wallet's balances once per chain, with both tokens, and the picker reuses that read", async () => {
    injectWallet();
    const api = stubApi(swapServer());
    const { user } = renderSwap();
    await actionButton("Enter an amount");
    await user.click(screen.getByRole("button", { name: "Token to receive: ETH on Ethereum" }));
    await screen.findByRole("dialog", { name: "Select the token to receive" });
    // one key for the chain (the tests' SWR keeps no dedupe window, so a mount may read the same key again)
    const reads = api.calls.filter((call) => call.path === "getWalletAssets");
    const keys = new Set(reads.map((call) => `${call.query.get("chainId")}:${call.query.get("tokens")}`));
    expect([...keys]).toEqual([`1:${USDC.toLowerCase()}`]);
  });

  it("Max on the chain's coin keeps twice the quote's gas, or a small reserve before a quote", async () => {
    injectWallet();
    stubApi(swapServer());
    const { user } = renderSwap({ prefill: { fromChainId: 1, fromToken: "ETH", toToken: "USDC" } });
    await screen.findByRole("button", { name: "Token to pay: ETH on Ethereum" });
    const input = await screen.findByRole("textbox", { name: "You pay" });
    // balance 2 ETH; no quote yet: 0.001 kept
    await user.click(await screen.findByRole("button", { name: "Max" }));
    expect(input).toHaveValue("1.999");
    // the quote's gas is 0.0012 ETH: twice that is kept
    await screen.findByRole("region", { name: "Quote" });
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(input).toHaveValue("1.9976");
  });
});
