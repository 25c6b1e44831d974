import { setMaxListeners } from "node:events";
import {
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  type PublicClient,
  parseAbi,
} from "viem";
import { isNativeToken, type SwapToken, type WalletAssetsData } from "../../../../contract/swap.ts";
import type { Clock } from "../../../providers/clock.ts";
import { chainNotSupported, isNodeFailure, nodeUnavailable } from "../chains/chain-errors.ts";
import { countRpcRequests } from "../chains/rpc-requests.ts";
import type { ChainTable, TokenLists, WalletBalances } from "../ports.ts";

/**
 * spec §7 "Other": a wallet's balances on one chain, read from the chain's node. Where the chain has Multicall3 it is
 * one eth_call of aggregate3 (getBlockNumber, getEthBalance for the native coin, balanceOf for every token); else
 * JSON-RPC batches of at most 100 requests (eth_blockNumber, eth_getBalance, one eth_call of balanceOf per token).
 * Lists of over 100 tokens are cut to 50 in the answer: non-zero balances first, the native coin first among them.
 * Answers are kept briefly (by owner, chain and token set), so a screen that asks again does not read again.
 */

export const BALANCES_CACHE_MS = 15_000;
/** spec §7: lists over 100 are cut to 50 */
const CUT_WHEN_OVER = 100;
const CUT_TO = 50;
const MAX_CACHED = 1_000;
/** extra token contracts one read takes (the query's limit) */
const MAX_EXTRA = 250;

const multicall3Abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "struct Result { bool success; bytes returnData; }",
  "function aggregate3(Call3[] calls) payable returns (Result[] returnData)",
  "function getEthBalance(address addr) view returns (uint256 balance)",
  "function getBlockNumber() view returns (uint256 blockNumber)",
]);

export interface WalletBalancesDeps {
  chains: ChainTable;
  tokens: TokenLists;
  clock: Clock;
  /** how long an answer is served again (default BALANCES_CACHE_MS) */
  cacheMs?: number;
}

/** one read's outcome: the balance, or null when the token answered nothing readable (no contract, a revert) */
interface Read {
  blockNumber: bigint;
  balances: (bigint | null)[];
}

const wordPattern = /^0x[0-9a-fA-F]{64}$/;
const word = (data: Hex): bigint | null => (wordPattern.test(data) ? hexToBigInt(data) : null);

export function createWalletBalances(deps: WalletBalancesDeps): WalletBalances {
  const { chains, tokens, clock } = deps;
  const cacheMs = deps.cacheMs ?? BALANCES_CACHE_MS;
  const cache = new Map<string, { at: number; data: WalletAssetsData }>();
  const inFlight = new Map<string, Promise<WalletAssetsData>>();

  const evmChain = (chainId: number): { netWork: string; multicall: boolean; client: PublicClient } => {
    const entry = chains.byId(chainId);
    const client = entry?.isEvm ? chains.client(chainId) : undefined;
    if (!entry || !client) throw chainNotSupported(chainId);
    return { netWork: entry.netWork, multicall: entry.multicall, client };
  };

  /** JSON-RPC batches: the requests of one read go out together (their own batches, at most 100 each) */
  async function batchRead(client: PublicClient, owner: `0x${string}`, list: SwapToken[]): Promise<Read> {
    // requests made with one signal are batched together, apart from other callers' requests
    const { signal } = new AbortController();
    // every request of the read listens on the one signal: up to 251 listeners, on purpose
    setMaxListeners(list.length + 10, signal);
    const blockNumber = client.request({ method: "eth_blockNumber" }, { signal });
    const reads = list.map((token) =>
      isNativeToken(token.address)
        ? client.request({ method: "eth_getBalance", params: [owner, "latest"] }, { signal })
        : client.request(
            {
              method: "eth_call",
              params: [
                {
                  to: getAddress(token.address),
                  data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
                },
                "latest",
              ],
            },
            { signal },
          ),
    );
    const [head, ...results] = await Promise.allSettled([blockNumber, ...reads]);
    if (!head || head.status === "rejected") throw head?.reason;
    const balances = results.map((result, index) => {
      // eth_getBalance answers a quantity (no leading zeros); eth_call the 32-byte word balanceOf returns
      if (result.status === "fulfilled")
        return isNativeToken(list[index]?.address ?? "") ? hexToBigInt(result.value) : word(result.value);
      // the native coin's balance is the node's answer; a token's error may be the token's (a revert)
      if (isNativeToken(list[index]?.address ?? "") || isNodeFailure(result.reason)) throw result.reason;
      return null;
    });
    return { blockNumber: hexToBigInt(head.value), balances };
  }

  /** one Multicall3 aggregate3 call */
  async function multicallRead(
    client: PublicClient,
    multicall3: `0x${string}`,
    owner: `0x${string}`,
    list: SwapToken[],
  ): Promise<Read> {
    const calls = [
      {
        target: multicall3,
        allowFailure: false,
        callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getBlockNumber" }),
      },
      ...list.map((token) =>
        isNativeToken(token.address)
          ? {
              target: multicall3,
              allowFailure: false,
              callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getEthBalance", args: [owner] }),
            }
          : {
              target: getAddress(token.address),
              allowFailure: true,
              callData: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [owner] }),
            },
      ),
    ];
    const { signal } = new AbortController();
    const aggregate = encodeFunctionData({ abi: multicall3Abi, functionName: "aggregate3", args: [calls] });
    const data = await client.request(
      { method: "eth_call", params: [{ to: multicall3, data: aggregate }, "latest"] },
      { signal },
    );
    const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data });
    const [head, ...rest] = results;
    const blockNumber = head ? word(head.returnData) : null;
    if (blockNumber === null || rest.length !== list.length) throw new Error("Multicall3 answered another shape");
    return { blockNumber, balances: rest.map((result) => (result.success ? word(result.returnData) : null)) };
  }

  async function read(owner: `0x${string}`, chainId: number, extra: `0x${string}`[]): Promise<WalletAssetsData> {
    const chain = evmChain(chainId);
    const list = [...(await tokens.list(chainId)).tokens];
    const seen = new Set(list.map((token) => token.address.toLowerCase()));
    const wanted = extra.filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // unlisted tokens' symbols and decimals (read from the chain once, then kept by the token lists)
    for (const token of await Promise.all(wanted.map((address) => tokens.find(chainId, address)))) {
      if (token) list.push(token);
    }
    const multicall3 = chain.multicall ? chain.client.chain?.contracts?.multicall3?.address : undefined;
    let outcome: { value: Read; requests: number };
    try {
      outcome = await countRpcRequests(() =>
        multicall3 ? multicallRead(chain.client, multicall3, owner, list) : batchRead(chain.client, owner, list),
      );
    } catch (error) {
      throw nodeUnavailable(chain.netWork, error);
    }
    const assets: WalletAssetsData["assets"] = [];
    list.forEach((token, index) => {
      const raw = outcome.value.balances[index];
      if (raw === null || raw === undefined) return;
      assets.push({
        address: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        balance: formatUnits(raw, token.decimals),
        raw: raw.toString(),
      });
    });
    // non-zero first, each group in list order (the native coin is the list's first)
    const ordered = [...assets.filter((asset) => asset.raw !== "0"), ...assets.filter((asset) => asset.raw === "0")];
    const truncated = list.length > CUT_WHEN_OVER;
    return {
      address: getAddress(owner),
      chainId,
      assets: truncated ? ordered.slice(0, CUT_TO) : ordered,
      tokensRead: list.length,
      batches: outcome.requests,
      method: multicall3 ? "multicall" : "batch",
      truncated,
      blockNumber: outcome.value.blockNumber.toString(),
      asOf: clock.now().toISOString(),
      source: chain.netWork,
    };
  }

  return {
    async assets(owner, chainId, extra = []) {
      evmChain(chainId);
      const extras = extra.filter((address) => isAddress(address, { strict: false })).slice(0, MAX_EXTRA);
      const key = [
        chainId,
        owner.toLowerCase(),
        [...new Set(extras.map((address) => address.toLowerCase()))].sort().join(","),
      ].join(":");
      const now = clock.now().getTime();
      const hit = cache.get(key);
      if (hit && now - hit.at < cacheMs) return hit.data;
      const running = inFlight.get(key);
      if (running) return running;
      const work = read(owner, chainId, extras)
        .then((data) => {
          cache.delete(key);
          if (cache.size >= MAX_CACHED) {
            for (const [old, value] of cache) if (clock.now().getTime() - value.at >= cacheMs) cache.delete(old);
            const oldest = cache.keys().next().value;
            if (cache.size >= MAX_CACHED && oldest !== undefined) cache.delete(oldest);
          }
          cache.set(key, { at: now, data });
          return data;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },

    forget(owner, chainId) {
      const prefix = `${chainId}:${owner.toLowerCase()}:`;
      for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
    },

    async balanceOf(owner, chainId, token) {
      const chain = evmChain(chainId);
      try {
        if (isNativeToken(token)) return await chain.client.getBalance({ address: owner });
        return await chain.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [owner],
        });
      } catch (error) {
        throw nodeUnavailable(chain.netWork, error);
      }
    },

    async allowance(owner, spender, chainId, token) {
      const chain = evmChain(chainId);
      try {
        return await chain.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [owner, spender],
        });
      } catch (error) {
        throw nodeUnavailable(chain.netWork, error);
      }
    },
  };
}
