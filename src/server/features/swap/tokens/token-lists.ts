import { createRequire } from "node:module";
import { erc20Abi, getAddress, hexToString, isAddress, type PublicClient, parseAbi } from "viem";
import { z } from "zod";
import { isNativeToken, NATIVE_TOKEN_ADDRESS, type SwapToken } from "../../../../contract/swap.ts";
import type { SwapSettings } from "../../../config-swap.ts";
import { type Clock, systemClock } from "../../../providers/clock.ts";
import { evmChainData, nonEvmChainData } from "../chains/chain-data.ts";
import { chainNotSupported, isNodeFailure, nodeUnavailable } from "../chains/chain-errors.ts";
import type { ChainTable, TokenLists } from "../ports.ts";

/**
 * spec §3 built-in token lists: the Uniswap default token list (the npm package @uniswap/default-token-list; it has
 * tokens for Ethereum, BSC, Polygon and a dozen more of the table's chains), each chain's native coin first. The
 * local Uniswap v2 chain's list is its native coin and the configured tokens, read from the chain once.
 *
 * isCrossEnable: LI.FI (the cross-chain source) is configured, and the same asset is listed on another chain of the
 * table: the list's bridgeInfo names its address there, or a token (or native coin) of the same symbol is listed
 * there. A bridge can only carry an asset that exists on both sides; LI.FI swaps the rest into one first, but the
 * flag marks the tokens that travel as themselves.
 */

export const TOKEN_LIST_PACKAGE = "@uniswap/default-token-list";
/** logos the browser can load directly (the list also has ipfs:// URIs, which need a gateway: shown as none) */
const loadableLogo = /^https?:\/\//;

const listSchema = z.object({
  version: z.object({ major: z.number().int(), minor: z.number().int(), patch: z.number().int() }),
  tokens: z.array(
    z.object({
      chainId: z.number().int(),
      address: z.string(),
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int().min(0).max(255),
      logoURI: z.string().optional(),
      extensions: z
        .object({ bridgeInfo: z.record(z.string(), z.object({ tokenAddress: z.string() })).optional() })
        .optional(),
    }),
  ),
});
type ListToken = z.infer<typeof listSchema>["tokens"][number];

let loaded: z.infer<typeof listSchema> | undefined;
function packageList(): z.infer<typeof listSchema> {
  if (!loaded) loaded = listSchema.parse(createRequire(import.meta.url)(TOKEN_LIST_PACKAGE));
  return loaded;
}

const bytes32Abi = parseAbi(["function symbol() view returns (bytes32)", "function name() view returns (bytes32)"]);

/**
 * An ERC-20's symbol, name and decimals read from the chain; undefined when the address has no ERC-20 there (no
 * code, or the calls revert or answer nonsense). Node failures throw. Symbols and names of the old bytes32 kind
 * (MKR) are read too.
 */
async function readErc20(
  client: PublicClient,
  address: `0x${string}`,
): Promise<{ symbol: string; name: string; decimals: number } | undefined> {
  const [decimals, symbol, name] = await Promise.allSettled([
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
    client.readContract({ address, abi: erc20Abi, functionName: "name" }),
  ]);
  for (const result of [decimals, symbol, name]) {
    if (result.status === "rejected" && isNodeFailure(result.reason)) throw result.reason;
  }
  if (decimals.status === "rejected" || decimals.value > 255) return undefined;
  const text = async (
    result: PromiseSettledResult<string>,
    functionName: "symbol" | "name",
  ): Promise<string | undefined> => {
    if (result.status === "fulfilled") return result.value;
    try {
      const raw = await client.readContract({ address, abi: bytes32Abi, functionName });
      return hexToString(raw, { size: 32 }).replace(/\0+$/, "");
    } catch (error) {
      if (isNodeFailure(error)) throw error;
      return undefined;
    }
  };
  const readSymbol = (await text(symbol, "symbol"))?.trim();
  if (!readSymbol) return undefined;
  const readName = (await text(name, "name"))?.trim() || readSymbol;
  return { symbol: readSymbol.slice(0, 40), name: readName.slice(0, 80), decimals: decimals.value };
}

export interface TokenListsDeps {
  chains: ChainTable;
  settings: SwapSettings;
  /** times the remembered misses (default the system clock) */
  clock?: Clock;
}

const MAX_FOUND = 5_000;
/** an address found to be no token is not read again for this long (a node failure is not remembered) */
export const TOKEN_MISS_CACHE_MS = 60_000;

/** the native coins' names (viem's: "Ether", "BNB", "POL", ...); the local chain's coin is Ether */
const nativeNames = new Map<number, string>([
  ...evmChainData.map((data): [number, string] => [data.chain.id, data.chain.nativeCurrency.name]),
  ...nonEvmChainData.map((data): [number, string] => [data.chainId, data.name]),
]);

export function createTokenLists(deps: TokenListsDeps): TokenLists {
  const { chains, settings } = deps;
  const clock = deps.clock ?? systemClock;
  const lifi = settings.sources.includes("lifi");
  const local = settings.uniswapV2;
  const list = packageList();
  const version = `${list.version.major}.${list.version.minor}.${list.version.patch}`;
  const packageSource = `${TOKEN_LIST_PACKAGE} ${version}`;

  const tableIds = new Set(chains.all().map((entry) => entry.chainId));
  /** the list's tokens per chain of the table (the local chain's list is its own), in the list's order, deduplicated */
  const listed = new Map<number, ListToken[]>();
  for (const token of list.tokens) {
    if (!tableIds.has(token.chainId) || token.chainId === local?.chainId || !isAddress(token.address)) continue;
    const tokens = listed.get(token.chainId) ?? [];
    if (!tokens.some((t) => t.address.toLowerCase() === token.address.toLowerCase())) tokens.push(token);
    listed.set(token.chainId, tokens);
  }
  /** the chains each symbol is listed on (tokens and native coins) */
  const symbolChains = new Map<string, Set<number>>();
  const noteSymbol = (symbol: string, chainId: number) => {
    const key = symbol.toUpperCase();
    const set = symbolChains.get(key) ?? new Set<number>();
    set.add(chainId);
    symbolChains.set(key, set);
  };
  for (const [chainId, tokens] of listed) for (const token of tokens) noteSymbol(token.symbol, chainId);
  for (const entry of chains.all()) if (listed.has(entry.chainId)) noteSymbol(entry.symbol, entry.chainId);

  const crossEnabled = (symbol: string, chainId: number, bridgeTo: string[] = []): boolean => {
    if (!lifi) return false;
    if (bridgeTo.some((id) => Number(id) !== chainId && tableIds.has(Number(id)))) return true;
    const on = symbolChains.get(symbol.toUpperCase());
    return on !== undefined && [...on].some((id) => id !== chainId);
  };

  const tableEntry = (chainId: number) => {
    const entry = chains.byId(chainId);
    if (!entry) throw chainNotSupported(chainId);
    return entry;
  };

  const nativeToken = (chainId: number): SwapToken => {
    const entry = tableEntry(chainId);
    return {
      symbol: entry.symbol,
      name: nativeNames.get(chainId) ?? (entry.symbol === "ETH" ? "Ether" : entry.symbol),
      address: NATIVE_TOKEN_ADDRESS,
      decimals: entry.decimals,
      logoURI: null,
      isCrossEnable: entry.isEvm && entry.netWork !== "LOCAL" && crossEnabled(entry.symbol, chainId),
      isEnable: true,
      chain: entry.netWork,
      chainId,
    };
  };

  /** the package's lists, built once per chain */
  const built = new Map<number, SwapToken[]>();
  const packageTokens = (chainId: number): SwapToken[] => {
    const cached = built.get(chainId);
    if (cached) return cached;
    const entry = tableEntry(chainId);
    const tokens = (listed.get(chainId) ?? []).map(
      (token): SwapToken => ({
        symbol: token.symbol,
        name: token.name,
        address: getAddress(token.address),
        decimals: token.decimals,
        logoURI: token.logoURI && loadableLogo.test(token.logoURI) ? token.logoURI : null,
        isCrossEnable: crossEnabled(token.symbol, chainId, Object.keys(token.extensions?.bridgeInfo ?? {})),
        isEnable: true,
        chain: entry.netWork,
        chainId,
      }),
    );
    const all = [nativeToken(chainId), ...tokens];
    built.set(chainId, all);
    return all;
  };

  /** tokens read from a chain (the local list, and unlisted tokens asked for), by chain id and lowercase address */
  const found = new Map<string, SwapToken>();
  /** addresses that answered as no token, by the same key, with when */
  const missed = new Map<string, number>();
  const readToken = async (chainId: number, address: `0x${string}`): Promise<SwapToken | undefined> => {
    const key = `${chainId}:${address.toLowerCase()}`;
    const known = found.get(key);
    if (known) return known;
    const missedAt = missed.get(key);
    if (missedAt !== undefined && clock.now().getTime() - missedAt < TOKEN_MISS_CACHE_MS) return undefined;
    const entry = tableEntry(chainId);
    const client = chains.client(chainId);
    if (!client) return undefined;
    let read: Awaited<ReturnType<typeof readErc20>>;
    try {
      read = await readErc20(client, address);
    } catch (error) {
      throw nodeUnavailable(entry.netWork, error);
    }
    if (!read) {
      missed.delete(key);
      if (missed.size >= MAX_FOUND) {
        const oldest = missed.keys().next().value;
        if (oldest !== undefined) missed.delete(oldest);
      }
      missed.set(key, clock.now().getTime());
      return undefined;
    }
    missed.delete(key);
    const token: SwapToken = {
      ...read,
      address: getAddress(address),
      logoURI: null,
      isCrossEnable: false,
      isEnable: true,
      chain: entry.netWork,
      chainId,
    };
    if (found.size >= MAX_FOUND) {
      const oldest = found.keys().next().value;
      if (oldest !== undefined) found.delete(oldest);
    }
    found.set(key, token);
    return token;
  };

  let localList: Promise<SwapToken[]> | undefined;
  const localTokens = (): Promise<SwapToken[]> => {
    if (!local) return Promise.resolve([]);
    localList ??= (async () => {
      const tokens: SwapToken[] = [nativeToken(local.chainId)];
      const read = await Promise.all(local.tokens.map((address) => readToken(local.chainId, address)));
      for (const token of read) if (token) tokens.push(token);
      return tokens;
    })();
    // a failed read is not kept: the next call reads again
    localList.catch(() => {
      localList = undefined;
    });
    return localList;
  };

  const listOf = async (chainId: number): Promise<{ tokens: SwapToken[]; source: string }> => {
    const entry = tableEntry(chainId);
    if (local && chainId === local.chainId) {
      return { tokens: await localTokens(), source: `${local.name} (read from the chain)` };
    }
    const tokens = packageTokens(chainId);
    return { tokens, source: listed.has(chainId) ? packageSource : `chain table (${entry.netWork}'s native coin)` };
  };

  return {
    async list(chainId) {
      const { tokens, source } = await listOf(chainId);
      return { tokens: tokens.map((token) => ({ ...token })), source };
    },
    async find(chainId, address) {
      const entry = tableEntry(chainId);
      if (isNativeToken(address)) return nativeToken(chainId);
      if (!isAddress(address, { strict: false })) return undefined;
      const { tokens } = await listOf(chainId);
      const hit = tokens.find((token) => token.address.toLowerCase() === address.toLowerCase());
      if (hit) return { ...hit };
      if (!entry.isEvm) return undefined;
      const read = await readToken(chainId, getAddress(address));
      return read ? { ...read } : undefined;
    },
  };
}
