import {
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  InsufficientFundsError,
  isAddress,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from "viem";
import { z } from "zod";
import { isNativeToken } from "../../../contract/swap.ts";
import type { Clock } from "../clock.ts";
import { QuoteError, type QuoteRequest, type QuoteSource, type SourceQuote, type TxData } from "./quote-source.ts";

/**
 * A Uniswap v2 router on one chain as a quote source (a private or test chain; tests: anvil with the official npm
 * artifacts). Quotes are the router's own getAmountsOut over the direct pair, or through WETH when the factory has
 * no direct pair; the transaction is a plain router call (swapExactTokensForTokens, swapExactETHForTokens,
 * swapExactTokensForETH) with the minimum received after slippage and a 20-minute deadline. A direct router call
 * cannot take an integrator fee, so the fee is always 0 here (and shown as 0).
 */

const routerAbi = parseAbi([
  "function WETH() view returns (address)",
  "function factory() view returns (address)",
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);
const factoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"]);

/** how long a built swap stays valid on chain (the router's deadline) */
export const UNISWAP_V2_DEADLINE_SECONDS = 20 * 60;

type SwapKind = "tokensForTokens" | "ethForTokens" | "tokensForEth";

/**
 * Gas of a swap when it cannot be estimated (no wallet yet, or the approval is still to come): upper figures of the
 * router's swaps measured on anvil with the npm builds. A one-hop swap used 101-154k gas (the most when the pool
 * also writes its price accumulators and the buyer's balance slot is new), a two-hop one about 45k more; rounded up.
 */
export const UNISWAP_V2_FIXED_GAS: Record<SwapKind, bigint> = {
  ethForTokens: 160_000n,
  tokensForTokens: 160_000n,
  tokensForEth: 160_000n,
};
export const UNISWAP_V2_GAS_PER_EXTRA_HOP = 60_000n;
/** the gas limit suggested over an estimate */
const GAS_LIMIT_MARGIN_PERCENT = 120n;
/**
 * Gas added to an estimate for the pair's price accumulators: a pair writes them only in a block later than its last
 * update (about 44k the first time, zero to a value), so an estimate made on the block of that update (a node mining
 * several blocks a second) leaves them out and the swap would run out of gas. Unused gas is not paid.
 */
export const UNISWAP_V2_ACCUMULATOR_GAS = 50_000n;
/** blocks looked back to measure the block time, and how long the measure is kept */
const BLOCK_TIME_SPAN = 20n;
const BLOCK_TIME_TTL_MS = 10 * 60_000;

const buildSchema = z.object({
  router: z.string().refine((value) => isAddress(value)),
  kind: z.enum(["tokensForTokens", "ethForTokens", "tokensForEth"]),
  path: z
    .array(z.string().refine((value) => isAddress(value)))
    .min(2)
    .max(3),
  amountIn: z.string().regex(/^\d{1,78}$/),
});

/** Settles with the promise, or rejects with the signal's reason once it is aborted. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** The router's revert reason, when the error is a revert. */
function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (!(reverted instanceof ContractFunctionRevertedError)) return undefined;
  return reverted.reason ?? reverted.shortMessage;
}

/** A failed read as the QuoteError the user reads: a revert is about the pools, anything else about the node. */
function quoteErrorOf(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof QuoteError || signal.aborted) return error;
  const reason = revertReason(error);
  if (reason === undefined) {
    const detail = error instanceof BaseError ? error.shortMessage : String(error);
    return new QuoteError("quoteServiceUnreachable", `Uniswap v2 node: ${detail}`);
  }
  if (reason.includes("INSUFFICIENT_LIQUIDITY")) return new QuoteError("insufficientLiquidity", reason);
  if (reason.includes("INSUFFICIENT_INPUT_AMOUNT")) return new QuoteError("amountOutOfRange", reason);
  return new QuoteError("noQuotation", reason);
}

export function createUniswapV2Source(opts: {
  chainId: number;
  router: `0x${string}`;
  client: PublicClient;
  clock?: Pick<Clock, "now">;
}): QuoteSource {
  const { chainId, client } = opts;
  const router = getAddress(opts.router);
  const clock = opts.clock ?? { now: () => new Date() };

  let contracts: Promise<{ weth: `0x${string}`; factory: `0x${string}` }> | undefined;
  /** the router's WETH and factory, read once (a failed read is asked again next time) */
  function routerContracts() {
    contracts ??= Promise.all([
      client.readContract({ address: router, abi: routerAbi, functionName: "WETH" }),
      client.readContract({ address: router, abi: routerAbi, functionName: "factory" }),
    ]).then(
      ([weth, factory]) => ({ weth: getAddress(weth), factory: getAddress(factory) }),
      (error: unknown) => {
        contracts = undefined;
        throw error;
      },
    );
    return contracts;
  }

  /** pairs known to exist (a pair is never removed; a missing one may be created later, so it is asked again) */
  const knownPairs = new Set<string>();
  async function hasPair(factory: `0x${string}`, a: `0x${string}`, b: `0x${string}`): Promise<boolean> {
    const key = [a, b].sort().join(":");
    if (knownPairs.has(key)) return true;
    const pair = await client.readContract({
      address: factory,
      abi: factoryAbi,
      functionName: "getPair",
      args: [a, b],
    });
    if (pair === zeroAddress) return false;
    knownPairs.add(key);
    return true;
  }

  let blockTime: { seconds: number; at: number } | undefined;
  /** seconds per block over the last BLOCK_TIME_SPAN blocks (anvil mining on demand: 0, counted as 1) */
  async function blockSeconds(): Promise<number> {
    const now = clock.now().getTime();
    if (blockTime && now - blockTime.at < BLOCK_TIME_TTL_MS) return blockTime.seconds;
    const latest = await client.getBlock({ blockTag: "latest" });
    const back = latest.number > BLOCK_TIME_SPAN ? BLOCK_TIME_SPAN : latest.number;
    let seconds = 1;
    if (back > 0n) {
      const older = await client.getBlock({ blockNumber: latest.number - back });
      seconds = Math.max(1, Number(latest.timestamp - older.timestamp) / Number(back));
    }
    blockTime = { seconds, at: now };
    return seconds;
  }

  function resolveTokens(request: QuoteRequest, weth: `0x${string}`) {
    if (request.fromChainId !== chainId || request.toChainId !== chainId) {
      throw new QuoteError("unsupportedSwapPair", `Uniswap v2 swaps on chain ${chainId} only`);
    }
    const fromNative = isNativeToken(request.fromToken.address);
    const toNative = isNativeToken(request.toToken.address);
    const from = fromNative ? weth : getAddress(request.fromToken.address);
    const to = toNative ? weth : getAddress(request.toToken.address);
    // ETH to WETH and back is a wrap, not a router swap
    if (from === to) throw new QuoteError("unsupportedSwapPair", "the same token on both sides");
    const kind: SwapKind = fromNative ? "ethForTokens" : toNative ? "tokensForEth" : "tokensForTokens";
    return { from, to, kind };
  }

  function parseAmount(raw: string): bigint {
    if (!/^\d{1,78}$/.test(raw)) throw new QuoteError("amountOutOfRange", `not a raw amount: ${raw}`);
    const amount = BigInt(raw);
    if (amount === 0n) throw new QuoteError("amountOutOfRange", "nothing to swap");
    return amount;
  }

  function encodeSwap(args: {
    kind: SwapKind;
    amountIn: bigint;
    amountOutMin: bigint;
    path: `0x${string}`[];
    to: `0x${string}`;
  }): TxData {
    const deadline = BigInt(Math.floor(clock.now().getTime() / 1000) + UNISWAP_V2_DEADLINE_SECONDS);
    const { kind, amountIn, amountOutMin, path, to } = args;
    let data: Hex;
    if (kind === "ethForTokens") {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [amountOutMin, path, to, deadline],
      });
    } else {
      data = encodeFunctionData({
        abi: routerAbi,
        functionName: kind === "tokensForEth" ? "swapExactTokensForETH" : "swapExactTokensForTokens",
        args: [amountIn, amountOutMin, path, to, deadline],
      });
    }
    return { to: router, data, value: kind === "ethForTokens" ? amountIn.toString() : "0", gas: null };
  }

  /** the swap's gas when the wallet could send it now (enough allowance), else undefined */
  async function estimate(from: `0x${string}`, tx: TxData, sold: `0x${string}`, kind: SwapKind, amountIn: bigint) {
    if (kind !== "ethForTokens") {
      const allowance = await client.readContract({
        address: sold,
        abi: erc20Abi,
        functionName: "allowance",
        args: [from, router],
      });
      if (allowance < amountIn) return undefined;
    }
    try {
      return await client.estimateGas({ account: from, to: tx.to, data: tx.data, value: BigInt(tx.value) });
    } catch (error) {
      // a revert (the wallet lacks the balance, the price moved): the fixed figure stands; the node down: it says so
      const cannotRun =
        error instanceof BaseError &&
        error.walk((cause) => cause instanceof ExecutionRevertedError || cause instanceof InsufficientFundsError);
      if (cannotRun) return undefined;
      throw error;
    }
  }

  const fixedGas = (kind: SwapKind, path: readonly unknown[]) =>
    UNISWAP_V2_FIXED_GAS[kind] + UNISWAP_V2_GAS_PER_EXTRA_HOP * BigInt(path.length - 2);
  // and the pair's price accumulators, which an estimate made in the block of the pair's last update leaves out
  const withMargin = (gas: bigint) => ((gas * GAS_LIMIT_MARGIN_PERCENT) / 100n + UNISWAP_V2_ACCUMULATOR_GAS).toString();

  return {
    id: "uniswapv2",
    label: "Uniswap v2",
    supports: (request) => request.fromChainId === chainId && request.toChainId === chainId,

    async quote(request, signal) {
      try {
        const amountIn = parseAmount(request.amount);
        const { weth, factory } = await abortable(routerContracts(), signal);
        const { from, to, kind } = resolveTokens(request, weth);

        let path: `0x${string}`[] = [from, to];
        if (!(await abortable(hasPair(factory, from, to), signal))) {
          const viaWeth =
            from !== weth &&
            to !== weth &&
            (await abortable(Promise.all([hasPair(factory, from, weth), hasPair(factory, weth, to)]), signal)).every(
              Boolean,
            );
          if (!viaWeth) throw new QuoteError("unsupportedSwapPair", `no Uniswap v2 pool for ${from} and ${to}`);
          path = [from, weth, to];
        }

        const [amounts, gasPrice, perBlock] = await abortable(
          Promise.all([
            client.readContract({
              address: router,
              abi: routerAbi,
              functionName: "getAmountsOut",
              args: [amountIn, path],
            }),
            client.getGasPrice(),
            blockSeconds(),
          ]),
          signal,
        );
        const amountOut = amounts[amounts.length - 1] ?? 0n;
        if (amountOut === 0n) throw new QuoteError("amountOutOfRange", "the amount buys nothing");
        const slippage = BigInt(Math.min(10_000, Math.max(0, Math.round(request.slippageBps))));
        const amountOutMin = (amountOut * (10_000n - slippage)) / 10_000n;

        let tx: TxData | null = null;
        let gas = fixedGas(kind, path);
        if (request.fromAddress) {
          const fromAddress = getAddress(request.fromAddress);
          tx = encodeSwap({ kind, amountIn, amountOutMin, path, to: getAddress(request.toAddress ?? fromAddress) });
          const estimated = await abortable(estimate(fromAddress, tx, from, kind, amountIn), signal);
          if (estimated !== undefined) {
            gas = estimated;
            tx = { ...tx, gas: withMargin(estimated) };
          }
        }

        return {
          source: "Uniswap v2",
          toAmount: amountOut.toString(),
          toAmountMin: amountOutMin.toString(),
          gasNative: (gas * gasPrice).toString(),
          gasUsd: null,
          route: [{ tool: "Uniswap v2", type: "swap", fromChainId: chainId, toChainId: chainId }],
          // mined within about two blocks
          estimatedSeconds: Math.max(2, Math.ceil(2 * perBlock)),
          approvalSpender: kind === "ethForTokens" ? null : router,
          feeAmount: "0",
          tx,
          build: { router, kind, path, amountIn: amountIn.toString() },
        } satisfies SourceQuote;
      } catch (error) {
        throw quoteErrorOf(error, signal);
      }
    },

    async buildTx(request, quote, signal) {
      const build = buildSchema.safeParse(quote.build);
      if (!build.success || getAddress(build.data.router) !== router) {
        throw new QuoteError("swapQuoteError", "the quote is not one of this Uniswap v2 router");
      }
      const { kind } = build.data;
      const path = build.data.path.map((address) => getAddress(address));
      const amountIn = BigInt(build.data.amountIn);
      if (request.amount !== build.data.amountIn) {
        throw new QuoteError("swapQuoteError", "the amount differs from the quoted one");
      }
      if (!/^\d{1,78}$/.test(quote.toAmountMin)) throw new QuoteError("swapQuoteError", "no minimum in the quote");
      const fromAddress = getAddress(request.fromAddress);
      const tx = encodeSwap({
        kind,
        amountIn,
        amountOutMin: BigInt(quote.toAmountMin),
        path,
        to: getAddress(request.toAddress ?? fromAddress),
      });
      try {
        const sold = path[0] ?? zeroAddress;
        const estimated = await abortable(estimate(fromAddress, tx, sold, kind, amountIn), signal);
        return estimated === undefined ? tx : { ...tx, gas: withMargin(estimated) };
      } catch (error) {
        throw quoteErrorOf(error, signal);
      }
    },
  };
}
