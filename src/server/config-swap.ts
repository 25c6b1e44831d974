import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { chainIdSchema, optionalString, rpcUrlSchema } from "./config-schemas.ts";

/**
 * The swap settings (issue 16): which quote sources answer, where they are, the integrator fee, how orders are
 * followed, and the local Uniswap v2 deployment a test chain (or a private network) swaps on. config.ts reads the
 * environment and hands it here.
 */

const swapSourceNames = ["lifi", "velora", "zeroex", "oneinch", "uniswapv2"] as const;
export type SwapSourceName = (typeof swapSourceNames)[number];

export interface SwapSettings {
  /** the sources asked for every quote (the best answer wins); empty: quotes are not offered */
  sources: SwapSourceName[];
  /** LI.FI: cross-chain and same-chain, no key needed (a key raises its rate limit) */
  lifi: { url: string; apiKey: string | undefined };
  /** Velora (ParaSwap): same-chain, no key needed */
  velora: { url: string };
  /** 0x Swap API v2: only with a key */
  zeroex: { url: string; apiKey: string } | undefined;
  /** 1inch Swap API: only with a key */
  oneinch: { url: string; apiKey: string } | undefined;
  /** a Uniswap v2 router on one chain, quoted by its getAmountsOut (tests: anvil) */
  uniswapV2:
    | {
        chainId: number;
        router: `0x${string}`;
        /** the token contracts offered on that chain (their symbol, name and decimals are read from the chain) */
        tokens: `0x${string}`[];
        rpcUrl: string;
        /** the chain's name in the chain table */
        name: string;
      }
    | undefined;
  /** the name integrators are known by at the aggregators (LI.FI integrator, Velora partner) */
  integrator: string;
  /** the integrator fee in basis points (0: none), taken where the source supports it and always shown */
  feeBps: number;
  feeRecipient: `0x${string}` | undefined;
  quoteTimeoutMs: number;
  /** how long a quote can be turned into an order */
  quoteTtlSeconds: number;
  /** how often open orders are checked on chain and at the aggregator */
  statusSeconds: number;
  /** an order whose swap transaction is not reported (or not found) this long after it was opened times out */
  orderTimeoutMinutes: number;
  /** USD swapped per account and UTC day before 331 (KYC needed) */
  dailyLimitUsd: number;
  /** JSON-RPC URLs that replace the chain table's public ones (CHAIN_RPC_URL_<chainId>, else EVM_RPC_URL_<chainId>) */
  rpcUrls: Record<number, string>;
}

/** the services' URLs are read as the nodes' are: http(s) only */
const httpUrl = rpcUrlSchema;

export const swapEnvSchema = z.object({
  SWAP_SOURCES: z.string().default("lifi,velora"),
  SWAP_LIFI_URL: httpUrl.default("https://li.quest/v1"),
  SWAP_LIFI_API_KEY: optionalString,
  SWAP_VELORA_URL: httpUrl.default("https://api.paraswap.io"),
  SWAP_ZEROEX_URL: httpUrl.default("https://api.0x.org"),
  SWAP_ZEROEX_API_KEY: optionalString,
  SWAP_ONEINCH_URL: httpUrl.default("https://api.1inch.dev/swap/v6.0"),
  SWAP_ONEINCH_API_KEY: optionalString,
  SWAP_V2_CHAIN_ID: optionalString,
  SWAP_V2_ROUTER: optionalString,
  SWAP_V2_TOKENS: optionalString,
  SWAP_V2_RPC_URL: optionalString,
  SWAP_V2_NAME: z.string().trim().min(1).max(40).default("Local chain"),
  SWAP_INTEGRATOR: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,23}$/)
    .default("mountainlion"),
  SWAP_FEE_BPS: z.coerce.number().int().min(0).max(300).default(0),
  SWAP_FEE_RECIPIENT: optionalString,
  SWAP_QUOTE_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
  SWAP_QUOTE_TTL_SECONDS: z.coerce.number().int().positive().default(60),
  SWAP_STATUS_SECONDS: z.coerce.number().positive().default(15),
  SWAP_ORDER_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
  SWAP_DAILY_LIMIT_USD: z.coerce.number().positive().default(50_000),
});
type SwapEnv = z.infer<typeof swapEnvSchema>;

/** Reads the swap settings; throws a plain message (config.ts wraps it) on a setting that cannot work. */
export function parseSwapSettings(e: SwapEnv, env: Record<string, string | undefined>): SwapSettings {
  const bad = (message: string) => new Error(message);
  const sources = new Set<SwapSourceName>();
  for (const name of e.SWAP_SOURCES.split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (name === "none") continue;
    if (!(swapSourceNames as readonly string[]).includes(name)) {
      throw bad(`SWAP_SOURCES: unknown source ${name} (known: ${swapSourceNames.join(", ")}, none)`);
    }
    sources.add(name as SwapSourceName);
  }
  if (e.SWAP_ZEROEX_API_KEY) sources.add("zeroex");
  if (e.SWAP_ONEINCH_API_KEY) sources.add("oneinch");
  if (sources.has("zeroex") && !e.SWAP_ZEROEX_API_KEY) throw bad("SWAP_SOURCES names zeroex: set SWAP_ZEROEX_API_KEY");
  if (sources.has("oneinch") && !e.SWAP_ONEINCH_API_KEY) {
    throw bad("SWAP_SOURCES names oneinch: set SWAP_ONEINCH_API_KEY");
  }

  let uniswapV2: SwapSettings["uniswapV2"];
  if (e.SWAP_V2_ROUTER) {
    if (!isAddress(e.SWAP_V2_ROUTER)) throw bad("SWAP_V2_ROUTER must be a 0x-address");
    const chainId = Number(e.SWAP_V2_CHAIN_ID);
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw bad("SWAP_V2_CHAIN_ID must be the router's chain id");
    const tokens = (e.SWAP_V2_TOKENS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const token of tokens) if (!isAddress(token)) throw bad(`SWAP_V2_TOKENS: not an address: ${token}`);
    const rpcUrl = e.SWAP_V2_RPC_URL;
    if (!rpcUrl || !httpUrl.safeParse(rpcUrl).success) throw bad("SWAP_V2_RPC_URL must be the chain's http(s) URL");
    uniswapV2 = {
      chainId,
      router: getAddress(e.SWAP_V2_ROUTER),
      tokens: tokens.map((t) => getAddress(t)),
      rpcUrl,
      name: e.SWAP_V2_NAME,
    };
    sources.add("uniswapv2");
  } else if (sources.has("uniswapv2")) {
    throw bad("SWAP_SOURCES names uniswapv2: set SWAP_V2_ROUTER, SWAP_V2_CHAIN_ID and SWAP_V2_RPC_URL");
  }

  let feeRecipient: `0x${string}` | undefined;
  if (e.SWAP_FEE_RECIPIENT) {
    if (!isAddress(e.SWAP_FEE_RECIPIENT)) throw bad("SWAP_FEE_RECIPIENT must be a 0x-address");
    feeRecipient = getAddress(e.SWAP_FEE_RECIPIENT);
  }
  if (e.SWAP_FEE_BPS > 0 && !feeRecipient) throw bad("SWAP_FEE_BPS above 0 also needs SWAP_FEE_RECIPIENT");

  // CHAIN_RPC_URL_<id>, else the node signatures are checked through (EVM_RPC_URL_<id>, which config.ts checks)
  const rpcUrls: Record<number, string> = {};
  const chainRpcUrls: Record<number, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const url = optionalString.parse(value);
    if (url === undefined) continue;
    const evm = /^EVM_RPC_URL_(.*)$/.exec(name);
    if (evm) {
      const id = chainIdSchema.safeParse(evm[1]);
      if (id.success && rpcUrlSchema.safeParse(url).success) rpcUrls[id.data] = url;
      continue;
    }
    const match = /^CHAIN_RPC_URL_(.*)$/.exec(name);
    if (!match) continue;
    const id = chainIdSchema.safeParse(match[1]);
    if (!id.success) throw bad(`${name}: the name must end in a chain id`);
    if (!rpcUrlSchema.safeParse(url).success) throw bad(`${name} must be an http(s) URL`);
    chainRpcUrls[id.data] = url;
  }
  Object.assign(rpcUrls, chainRpcUrls);

  return {
    sources: [...sources],
    lifi: { url: e.SWAP_LIFI_URL, apiKey: e.SWAP_LIFI_API_KEY },
    velora: { url: e.SWAP_VELORA_URL },
    zeroex: e.SWAP_ZEROEX_API_KEY ? { url: e.SWAP_ZEROEX_URL, apiKey: e.SWAP_ZEROEX_API_KEY } : undefined,
    oneinch: e.SWAP_ONEINCH_API_KEY ? { url: e.SWAP_ONEINCH_URL, apiKey: e.SWAP_ONEINCH_API_KEY } : undefined,
    uniswapV2,
    integrator: e.SWAP_INTEGRATOR,
    feeBps: e.SWAP_FEE_BPS,
    feeRecipient,
    quoteTimeoutMs: e.SWAP_QUOTE_TIMEOUT_MS,
    quoteTtlSeconds: e.SWAP_QUOTE_TTL_SECONDS,
    statusSeconds: e.SWAP_STATUS_SECONDS,
    orderTimeoutMinutes: e.SWAP_ORDER_TIMEOUT_MINUTES,
    dailyLimitUsd: e.SWAP_DAILY_LIMIT_USD,
    rpcUrls,
  };
}
