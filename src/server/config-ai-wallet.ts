import { inspect } from "node:util";
import { z } from "zod";
import { chainIdSchema, optionalString } from "./config-schemas.ts";
import type { SwapSettings } from "./config-swap.ts";

/**
 * The AI wallet settings (issue 17): the master key that seals the wallets' keys, the chains the wallet works on
 * (their nodes are the swap settings'), and the daily exchange limit. config.ts reads the environment and hands it here.
 */

/**
 * The master key: its bytes are handed out on request only; printing or serialising it shows "[redacted]". Once the
 * key custody holds its own copy, destroy() zeroes these bytes, so the settings keep no usable key.
 */
export class MasterKey {
  readonly #bytes: Buffer;
  #destroyed = false;
  constructor(bytes: Uint8Array) {
    this.#bytes = Buffer.from(bytes);
  }
  /** a copy of the 32 bytes; throws after destroy() */
  bytes(): Buffer {
    if (this.#destroyed) throw new Error("the master key was handed to the key custody and destroyed here");
    return Buffer.from(this.#bytes);
  }
  /** zeroes the bytes; later calls of bytes() throw */
  destroy(): void {
    this.#bytes.fill(0);
    this.#destroyed = true;
  }
  toJSON(): string {
    return "[redacted]";
  }
  toString(): string {
    return "[redacted]";
  }
  [inspect.custom](): string {
    return "MasterKey([redacted])";
  }
}

export interface AiWalletSettings {
  /** AI_WALLET_MASTER_KEY; undefined: the AI wallet is unavailable (said plainly) */
  masterKey: MasterKey | undefined;
  /** AI_WALLET_CHAIN_IDS: the chains the wallet holds coins on, each with a configured node */
  chainIds: number[];
  /** AI_WALLET_DAILY_LIMIT_USD: swaps and withdrawals per account and UTC day before 331 (KYC needed) */
  dailyLimitUsd: number;
}

export const aiWalletEnvSchema = z.object({
  AI_WALLET_MASTER_KEY: optionalString,
  AI_WALLET_CHAIN_IDS: optionalString,
  AI_WALLET_DAILY_LIMIT_USD: optionalString,
});
type AiWalletEnv = z.infer<typeof aiWalletEnvSchema>;

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** 64 hex digits or the base64 of 32 bytes; anything else is undefined (the value itself is never echoed). */
function masterKeyOf(value: string): MasterKey | undefined {
  if (HEX_KEY.test(value)) return new MasterKey(Buffer.from(value, "hex"));
  if (!BASE64_KEY.test(value)) return undefined;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? new MasterKey(bytes) : undefined;
}

/** Reads the AI wallet settings; throws a plain message (config.ts wraps it) on a setting that cannot work. */
export function parseAiWalletSettings(e: AiWalletEnv, swap: SwapSettings): AiWalletSettings {
  const bad = (message: string) => new Error(message);
  let masterKey: MasterKey | undefined;
  if (e.AI_WALLET_MASTER_KEY !== undefined) {
    masterKey = masterKeyOf(e.AI_WALLET_MASTER_KEY);
    if (!masterKey) {
      throw bad(
        "AI_WALLET_MASTER_KEY must be 32 random bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`)",
      );
    }
  }
  // the chains with a node of their own: CHAIN_RPC_URL_<id> (or EVM_RPC_URL_<id>), and the local Uniswap v2 chain
  const withNode = new Set(Object.keys(swap.rpcUrls).map(Number));
  if (swap.uniswapV2) withNode.add(swap.uniswapV2.chainId);
  let chainIds: number[];
  if (e.AI_WALLET_CHAIN_IDS === undefined) {
    chainIds = [...withNode].sort((a, b) => a - b);
  } else {
    chainIds = [];
    for (const entry of e.AI_WALLET_CHAIN_IDS.split(",").map((s) => s.trim())) {
      const id = chainIdSchema.safeParse(entry);
      if (!id.success) throw bad(`AI_WALLET_CHAIN_IDS: not a chain id: ${entry || "(empty)"}`);
      if (!withNode.has(id.data)) {
        throw bad(`AI_WALLET_CHAIN_IDS: chain ${id.data} has no node configured: set CHAIN_RPC_URL_${id.data}`);
      }
      if (!chainIds.includes(id.data)) chainIds.push(id.data);
    }
  }
  let dailyLimitUsd = swap.dailyLimitUsd;
  if (e.AI_WALLET_DAILY_LIMIT_USD !== undefined) {
    dailyLimitUsd = Number(e.AI_WALLET_DAILY_LIMIT_USD);
    if (!Number.isFinite(dailyLimitUsd) || dailyLimitUsd <= 0) {
      throw bad("AI_WALLET_DAILY_LIMIT_USD must be a positive number of USD");
    }
  }
  return { masterKey, chainIds, dailyLimitUsd };
}
