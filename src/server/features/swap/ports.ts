import type { PublicClient } from "viem";
import type { ChainEntry, SwapToken, WalletAssetsData } from "../../../contract/swap.ts";

/**
 * What the swap parts ask of each other (issue 16). The chain table (chains/), the token lists (tokens/) and the
 * balance reader (balances/) implement these; the swap service, the order tracker and the routes use them.
 */

/** spec §3 chain table: about 60 EVM networks plus BTC and TRON, with their nodes and explorers. */
export interface ChainTable {
  all(): ChainEntry[];
  byId(chainId: number): ChainEntry | undefined;
  /** a viem client for an EVM chain of the table (JSON-RPC batching on, Multicall3 where deployed); undefined else */
  client(chainId: number): PublicClient | undefined;
  /** the explorer's page of a transaction, or null when the chain has no explorer */
  txUrl(chainId: number, hash: string): string | null;
}

/** spec §3 built-in token lists (ETH, BSC, POLYGON from a maintained list; other chains from the same list). */
export interface TokenLists {
  list(chainId: number): Promise<{ tokens: SwapToken[]; source: string }>;
  /** a token of the chain's list, or read from the chain (symbol, name, decimals) when not listed; undefined: no ERC-20 there */
  find(chainId: number, address: string): Promise<SwapToken | undefined>;
}

/** spec §7 getWalletAssets and the reads a swap needs. */
export interface WalletBalances {
  /** the wallet's balances on a chain: its list plus `extra` tokens; throws ApiError balancesUnavailable when the node fails */
  assets(owner: `0x${string}`, chainId: number, extra?: `0x${string}`[]): Promise<WalletAssetsData>;
  /** one token's (or the native coin's) balance, raw */
  balanceOf(owner: `0x${string}`, chainId: number, token: `0x${string}`): Promise<bigint>;
  /**
   * drops this node's cached balances of owner on the chain (a swap of theirs moved them); other nodes serve theirs
   * until their short cache ends
   */
  forget(owner: string, chainId: number): void;
  /** the ERC-20 allowance owner gave spender, raw */
  allowance(owner: `0x${string}`, spender: `0x${string}`, chainId: number, token: `0x${string}`): Promise<bigint>;
}
