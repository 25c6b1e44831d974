// Swaps on a local chain: anvil with Uniswap v2 deployed from the official npm artifacts
// (tests/support/uniswap-v2-chain.ts), read through the server's own parts: the chain table's client for the local
// chain (JSON-RPC batching, as the server reads it), the Uniswap v2 quote source behind the quote port, and the
// balance reader of getWalletAssets. Two figures to report (no budget):
// - quote latency: QuoteSource.quote one after another over four pairs (ETH->TUSD, TUSD->TTK, TTK->ETH and a two-hop
//   TUSD->WETH->OWT), without a wallet (getAmountsOut, gas price) and with one (plus the allowance and estimateGas);
// - balances of a wallet on a list of 100 tokens (the chain's coin and 99 token contracts, half of them held): the
//   read getWalletAssets makes, with its cache off so each sample reads the node, and how many batches it took.
// `node --import tsx scripts/bench/swap.ts` runs only this part.
import { fileURLToPath } from "node:url";
import { createWalletClient, erc20Abi, http, keccak256, maxUint256, parseEther, parseUnits, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { NATIVE_TOKEN_ADDRESS } from "../../src/contract/swap.ts";
import { parseSwapSettings, swapEnvSchema } from "../../src/server/config-swap.ts";
import { createWalletBalances } from "../../src/server/features/swap/balances/wallet-balances.ts";
import { createChainTable } from "../../src/server/features/swap/chains/chain-table.ts";
import { createTokenLists } from "../../src/server/features/swap/tokens/token-lists.ts";
import { systemClock } from "../../src/server/providers/clock.ts";
import type { QuoteRequest, QuoteTokenRef } from "../../src/server/providers/swap/quote-source.ts";
import { createUniswapV2Source } from "../../src/server/providers/swap/uniswap-v2-source.ts";
import { startUniswapV2Chain } from "../../tests/support/uniswap-v2-chain.ts";

const CHAIN_ID = 31_337;
export const SWAP_QUOTES = 200;
export const BALANCE_TOKENS = 100;
const BALANCE_SAMPLES = 50;
const WARM_UP = 10;

export interface SwapBench {
  quotes: number;
  quoteP50Ms: number;
  quoteP99Ms: number;
  walletQuoteP50Ms: number;
  walletQuoteP99Ms: number;
  /** quotes that failed (each is a QuoteError or a node error) */
  quoteErrors: number;
  balanceTokens: number;
  balanceSamples: number;
  balanceP50Ms: number;
  balanceP99Ms: number;
  /** what the reader answered on its last sample */
  tokensRead: number;
  batches: number;
  method: string;
  assets: number;
  truncated: boolean;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export async function swapBench(quotes = SWAP_QUOTES): Promise<SwapBench> {
  const v2 = await startUniswapV2Chain(CHAIN_ID);
  try {
    // 96 more tokens for a 100-token list (the coin, TUSD, TTK, WETH and these); one of them only has a WETH pool
    const more: `0x${string}`[] = [];
    for (let i = 0; i < BALANCE_TOKENS - 4; i += 1) more.push(await v2.deployToken(`Bench ${i}`, `B${i}`, 18));
    const owt = more[0];
    if (!owt) throw new Error("no bench token");
    await v2.addLiquidity(owt, v2.weth, parseUnits("100000", 18), parseEther("100"));

    const env = {
      SWAP_SOURCES: "uniswapv2",
      SWAP_V2_CHAIN_ID: String(CHAIN_ID),
      SWAP_V2_ROUTER: v2.router,
      SWAP_V2_TOKENS: [v2.tusd, v2.ttk, v2.weth, ...more].join(","),
      SWAP_V2_RPC_URL: v2.chain.rpcUrls.default.http[0],
      SWAP_V2_NAME: "Bench chain",
    };
    const settings = parseSwapSettings(swapEnvSchema.parse(env), env);
    const chains = createChainTable(settings);
    const client = chains.client(CHAIN_ID);
    if (!client) throw new Error("the chain table has no client for the local chain");

    // the wallet: ETH, TUSD and TTK approved to the router, and every other bench token held
    const account = privateKeyToAccount(keccak256(toHex("bench swap wallet")));
    const wallet = account.address;
    await v2.fund(wallet, { eth: parseEther("100"), tusd: parseUnits("1000000", 6), ttk: parseUnits("1000000", 18) });
    for (const [i, token] of more.entries()) if (i % 2 === 0) await v2.mintTo(token, wallet, parseUnits("1", 18));
    const signer = createWalletClient({ account, chain: v2.chain, transport: http(v2.chain.rpcUrls.default.http[0]) });
    for (const token of [v2.tusd, v2.ttk]) {
      const hash = await signer.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [v2.router, maxUint256],
      });
      await v2.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    }

    const source = createUniswapV2Source({ chainId: CHAIN_ID, router: v2.router, client });
    const coin: QuoteTokenRef = { address: NATIVE_TOKEN_ADDRESS, decimals: 18, symbol: "ETH" };
    const tusd: QuoteTokenRef = { address: v2.tusd, decimals: 6, symbol: "TUSD" };
    const ttk: QuoteTokenRef = { address: v2.ttk, decimals: 18, symbol: "TTK" };
    const other: QuoteTokenRef = { address: owt, decimals: 18, symbol: "B0" };
    const pairs: [QuoteTokenRef, QuoteTokenRef, bigint][] = [
      [coin, tusd, parseEther("1")],
      [tusd, ttk, parseUnits("500", 6)],
      [ttk, coin, parseUnits("300", 18)],
      [tusd, other, parseUnits("200", 6)],
    ];
    const ask = (i: number, withWallet: boolean): QuoteRequest => {
      const pair = pairs[i % pairs.length];
      if (!pair) throw new Error("no pair");
      const [fromToken, toToken, amount] = pair;
      return {
        fromChainId: CHAIN_ID,
        toChainId: CHAIN_ID,
        fromToken,
        toToken,
        amount: (amount + BigInt(i)).toString(),
        slippageBps: 50,
        fromAddress: withWallet ? wallet : undefined,
        toAddress: undefined,
        feeBps: 0,
        feeRecipient: undefined,
        integrator: "mountainlion",
      };
    };
    let quoteErrors = 0;
    const timeQuotes = async (count: number, withWallet: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const started = performance.now();
        try {
          await source.quote(ask(i, withWallet), new AbortController().signal);
        } catch {
          quoteErrors += 1;
        }
        times.push(performance.now() - started);
      }
      return times;
    };
    await timeQuotes(WARM_UP, true);
    quoteErrors = 0;
    const bare = await timeQuotes(quotes, false);
    const withWallet = await timeQuotes(quotes, true);

    const tokens = createTokenLists({ chains, settings });
    const balances = createWalletBalances({ chains, tokens, clock: systemClock, cacheMs: 0 });
    let last = await balances.assets(wallet, CHAIN_ID);
    const reads: number[] = [];
    for (let i = 0; i < BALANCE_SAMPLES; i += 1) {
      const started = performance.now();
      last = await balances.assets(wallet, CHAIN_ID);
      reads.push(performance.now() - started);
    }
    return {
      quotes,
      quoteP50Ms: percentile(bare, 50),
      quoteP99Ms: percentile(bare, 99),
      walletQuoteP50Ms: percentile(withWallet, 50),
      walletQuoteP99Ms: percentile(withWallet, 99),
      quoteErrors,
      balanceTokens: BALANCE_TOKENS,
      balanceSamples: BALANCE_SAMPLES,
      balanceP50Ms: percentile(reads, 50),
      balanceP99Ms: percentile(reads, 99),
      tokensRead: last.tokensRead,
      batches: last.batches,
      method: last.method,
      assets: last.assets.length,
      truncated: last.truncated,
    };
  } finally {
    await v2.anvil.stop();
  }
}

type Row = (name: string, value: string, budget: string, ok: boolean) => void;

export function printSwapBench(result: SwapBench, row: Row) {
  console.log(
    `\nswaps on a local chain (anvil, Uniswap v2 from the npm builds), through the server's chain client: ${result.quotes} quotes one after another each way, then ${result.balanceSamples} balance reads`,
  );
  row(
    "quote, no wallet, median / p99",
    `${result.quoteP50Ms.toFixed(1)} / ${result.quoteP99Ms.toFixed(1)} ms`,
    "reported",
    result.quoteErrors === 0,
  );
  row(
    "  with a wallet (tx, estimateGas), median / p99",
    `${result.walletQuoteP50Ms.toFixed(1)} / ${result.walletQuoteP99Ms.toFixed(1)} ms`,
    "",
    result.quoteErrors === 0,
  );
  row("  quotes failed", `${result.quoteErrors}`, "0", result.quoteErrors === 0);
  row(
    `balances of ${result.balanceTokens} tokens, median / p99`,
    `${result.balanceP50Ms.toFixed(1)} / ${result.balanceP99Ms.toFixed(1)} ms`,
    "reported",
    result.tokensRead === result.balanceTokens,
  );
  // one read: eth_blockNumber, eth_getBalance and 99 balanceOf calls, in batches of at most 100 requests
  row(
    "  tokens read / HTTP batches / method",
    `${result.tokensRead} / ${result.batches} / ${result.method}`,
    "reported",
    true,
  );
  // a list of 100 is not cut: every token read is answered
  row(
    "  balances answered",
    `${result.assets}${result.truncated ? " (cut)" : ""}`,
    `${result.tokensRead}`,
    result.truncated || result.assets === result.tokensRead,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quotes = Number(process.argv.find((arg) => arg.startsWith("--quotes="))?.split("=")[1] ?? SWAP_QUOTES);
  printSwapBench(await swapBench(quotes), (name, value, budget, ok) =>
    console.log(`${name.padEnd(46)} ${value.padStart(14)}   budget ${budget.padEnd(12)} ${ok ? "ok" : "OVER"}`),
  );
}
