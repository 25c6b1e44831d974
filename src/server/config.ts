import { createHmac } from "node:crypto";
import path from "node:path";
import { getAddress } from "viem";
import { z } from "zod";
import { Packages, PointsProducts, Quotas } from "../contract/constants.ts";
import { modelConfigKeys } from "../contract/model-catalogue.ts";
import { isLoopbackHost, parseProxyList } from "./addresses.ts";
import { type AiWalletSettings, aiWalletEnvSchema, parseAiWalletSettings } from "./config-ai-wallet.ts";
import { complianceEnvSchema, parseSanctionsSettings, type SanctionsSettings } from "./config-compliance.ts";
import { chainIdSchema, optionalString, rpcUrlSchema } from "./config-schemas.ts";
import { parseSwapSettings, type SwapSettings, swapEnvSchema } from "./config-swap.ts";
import { isTronAddress } from "./providers/chains/tron-address.ts";

/**
 * The only reader of process.env. Every setting has an embedded default so `npm start` needs nothing;
 * setting the real-infrastructure variables switches the matching port from embedded to real.
 */

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = optionalString.pipe(z.url().optional());

const llmSchema = z.object({ baseUrl: optionalUrl, apiKey: optionalString, model: optionalString });

export interface NewsFeed {
  url: string;
  language: "en" | "zh";
}

/** Crypto outlets' public feeds, read when NEWS_PROVIDER is rss or auto and NEWS_FEEDS is not set. */
const DEFAULT_NEWS_FEEDS = [
  "https://cointelegraph.com/rss",
  "https://www.coindesk.com/arc/outboundfeeds/rss/",
  "https://decrypt.co/feed",
  "https://bitcoinmagazine.com/.rss/full/",
];

/** Spec §5: the chains wallet sign-in is offered on (those of WalletConnect), unless SIWE_CHAIN_IDS says otherwise. */
export const SIGN_IN_CHAIN_IDS = [1, 10, 56, 100, 137, 324, 42161, 42220, 43114] as const;

/** NEWS_FEEDS: comma-separated feed URLs, each optionally "zh=" or "en=" prefixed (English by default). */
export function parseFeeds(value: string): NewsFeed[] | string {
  const feeds: NewsFeed[] = [];
  for (const entry of value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^(en|zh)=(.*)$/.exec(entry);
    const url = match ? (match[2] as string) : entry;
    if (!z.url({ protocol: /^https?$/ }).safeParse(url).success) return `not an http(s) URL: ${url}`;
    feeds.push({ url, language: match?.[1] === "zh" ? "zh" : "en" });
  }
  return feeds.length > 0 ? feeds : "no feed given";
}

/**
 * Telegram pays developers about 0.013 USD per Star, so 77 Stars bring about one USDT: the default rate for products
 * STARS_PRICES gives no price of their own.
 */
export const STARS_PER_USDT_DEFAULT = 77;

const baseEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default(".data"),
  STATIC_DIR: z.string().default("dist"),
  DATABASE_URL: optionalString.pipe(z.string().startsWith("postgres").optional()),
  DATABASE_SCHEMA: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/)
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(z.string().startsWith("redis").optional()),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,32}$/)
    .default("ml:"),
  REDIS_REQUIRED: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  API_KEY: optionalString,
  TRUST_PROXY: optionalString,
  DEV_OUTBOX: bool,
  RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalString.pipe(z.string().startsWith("smtp").optional()),
  MAIL_FROM: z.string().default("MountainLion <no-reply@mountainlion.local>"),
  BOT_TOKEN: optionalString.pipe(
    z
      .string()
      .regex(/^\d+:[A-Za-z0-9_-]{20,}$/)
      .optional(),
  ),
  TELEGRAM_BOT_ID: optionalString.pipe(z.string().regex(/^\d+$/).transform(Number).optional()),
  TELEGRAM_TEST_ENVIRONMENT: bool,
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(86_400),
  TELEGRAM_API_ROOT: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
  BOT_MODE: optionalString.pipe(z.enum(["webhook", "polling", "off"]).optional()),
  BOT_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,256}$/)
      .optional(),
  ),
  MINI_APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DIGEST_CHECK_SECONDS: z.coerce.number().positive().default(60),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_TOKENINFO_URL: z.url().default("https://oauth2.googleapis.com/tokeninfo"),
  X_CLIENT_ID: optionalString,
  X_CLIENT_SECRET: optionalString,
  X_BEARER_TOKEN: optionalString,
  X_FOLLOW_USERNAME: optionalString.pipe(
    z
      .string()
      .regex(/^@?[A-Za-z0-9_]{1,15}$/)
      .optional(),
  ),
  X_REPOST_TWEET_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  ),
  X_REDIRECT_URL: optionalUrl,
  X_API_URL: z.url().default("https://api.x.com"),
  X_AUTHORIZE_URL: z.url().default("https://x.com/i/oauth2/authorize"),
  WALLETCONNECT_PROJECT_ID: optionalString,
  TONCONNECT_MANIFEST_URL: optionalUrl,
  TON_PROOF_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i)
      .optional(),
  ),
  SIWE_CHAIN_IDS: z.string().default(SIGN_IN_CHAIN_IDS.join(",")),
  AUTH_RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(20),
  VISITORS_PER_ADDRESS: z.coerce.number().int().positive().default(Quotas.visitorsPerAddress),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MARKET_PROVIDER: z.enum(["auto", "replay", "live"]).default("auto"),
  BINANCE_BASE_URL: z.url().default("https://api.binance.com"),
  COINGECKO_BASE_URL: z.url().default("https://api.coingecko.com/api/v3"),
  COINGECKO_API_KEY: optionalString,
  FEAR_GREED_URL: optionalUrl,
  NEWS_PROVIDER: z.enum(["auto", "archive", "rss"]).default("auto"),
  NEWS_FEEDS: z.string().default(DEFAULT_NEWS_FEEDS.join(",")),
  MARKET_REPLAY_START: optionalString.pipe(z.iso.date().or(z.iso.datetime()).optional()),
  MARKET_REPLAY_SPEED: z.coerce.number().positive().default(1),
  MARKET_REPLAY_AT_END: z.enum(["wrap", "clamp"]).default("wrap"),
  MARKET_REFRESH_SECONDS: z.coerce.number().positive().default(15),
  NEWS_REFRESH_SECONDS: z.coerce.number().positive().default(60),
  MARKET_PROBE_SECONDS: z.coerce.number().positive().default(60),
  NEWS_PROBE_SECONDS: z.coerce.number().positive().default(60),
  /** how often every coin is forecast at its newest candle and the forecasts due are judged */
  PREDICT_SWEEP_SECONDS: z.coerce.number().positive().default(600),
  /** USDT deposits: the chains taken (each with its PAY_<CODE>_* settings); none: payments are not set up */
  PAY_CHAINS: z.string().default(""),
  PAY_SWEEP_SECONDS: z.coerce.number().positive().default(30),
  PAY_TX_NOT_FOUND_MINUTES: z.coerce.number().positive().default(60),
  PAY_TOPUP_MAX_AGE_HOURS: z.coerce.number().positive().default(72),
  UPLOAD_DIR: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_VIRTUAL_HOSTED_STYLE: bool,
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  STT_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STT_API_KEY: optionalString,
  STT_MODEL: optionalString,
  FX_URL: z.url({ protocol: /^https?$/ }).default("https://api.frankfurter.dev/v1"),
  STARS_PER_USDT: z.coerce.number().positive().max(1_000_000).default(STARS_PER_USDT_DEFAULT),
  STARS_PRICES: optionalString,
  BOT_OPERATOR_IDS: optionalString,
  PAY_SUPPORT_CONTACT: optionalString.pipe(z.string().max(200).optional()),
});
const envSchema = baseEnvSchema
  .extend(swapEnvSchema.shape)
  .extend(complianceEnvSchema.shape)
  .extend(aiWalletEnvSchema.shape);

export interface StarsSettings {
  /** Stars per USDT for products without a price of their own (STARS_PER_USDT; rounded up to whole Stars) */
  perUsdt: number;
  /** STARS_PRICES: whole Stars by product, keyed "CARDS:<productId>" or "POINTS:<productId>" */
  prices: Record<string, number>;
  /** BOT_OPERATOR_IDS: the Telegram users whose /refund the bot obeys */
  operatorIds: number[];
  /** PAY_SUPPORT_CONTACT: where /paysupport sends people besides the app's feedback (a @username, link or email) */
  supportContact: string | undefined;
}

/** STARS_PRICES (a JSON object of whole Stars by catalogue product) and BOT_OPERATOR_IDS (comma-separated ids). */
function parseStarsSettings(e: {
  STARS_PER_USDT: number;
  STARS_PRICES?: string;
  BOT_OPERATOR_IDS?: string;
  PAY_SUPPORT_CONTACT?: string;
}): StarsSettings {
  const known = new Set([
    ...Packages.map((p) => `CARDS:${p.productId}`),
    ...PointsProducts.map((p) => `POINTS:${p.productId}`),
  ]);
  const prices: Record<string, number> = {};
  if (e.STARS_PRICES) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(e.STARS_PRICES);
    } catch {
      throw new ConfigError('Invalid configuration: STARS_PRICES must be a JSON object such as {"CARDS:3": 1500}');
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError('Invalid configuration: STARS_PRICES must be a JSON object such as {"CARDS:3": 1500}');
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (!known.has(key)) throw new ConfigError(`Invalid configuration: STARS_PRICES: no product ${key}`);
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
        throw new ConfigError(`Invalid configuration: STARS_PRICES: ${key} must be a whole number of Stars, 1 or more`);
      }
      prices[key] = value;
    }
  }
  const operatorIds: number[] = [];
  for (const entry of (e.BOT_OPERATOR_IDS ?? "").split(",").map((s) => s.trim())) {
    if (entry === "") continue;
    if (!/^[1-9]\d{0,15}$/.test(entry) || !Number.isSafeInteger(Number(entry))) {
      throw new ConfigError(`Invalid configuration: BOT_OPERATOR_IDS: not a Telegram user id: ${entry}`);
    }
    operatorIds.push(Number(entry));
  }
  return { perUsdt: e.STARS_PER_USDT, prices, operatorIds, supportContact: e.PAY_SUPPORT_CONTACT };
}

export interface LlmEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string | undefined;
}

/** An OpenAI-compatible transcription API (`<baseUrl>/audio/transcriptions`). */
export interface SpeechEndpoint {
  baseUrl: string;
  apiKey: string;
  /** undefined: the adapter's default (whisper-1) */
  model: string | undefined;
}

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  dataDir: string;
  staticDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; schema: string | undefined };
  redisUrl: string | undefined;
  /** prefix of every Redis key, so deployments can share one Redis */
  redisKeyPrefix: string;
  /** readiness fails while Redis is down (several nodes share limits and pushes); otherwise the node degrades */
  redisRequired: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  apiKey: string | undefined;
  /**
   * the reverse proxies (addresses and CIDR ranges) whose `x-forwarded-*` headers are believed; empty: none, the
   * client is the socket's peer
   */
  trustProxy: string[];
  /** the development mail outbox pages: only in development, without SMTP, on a loopback listener or DEV_OUTBOX */
  devOutbox: boolean;
  rateLimit: { points: number; windowSeconds: number };
  shutdownTimeoutMs: number;
  /** the address users reach the app at; SIWE messages must name its host (default: the request's Host) */
  publicUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  telegram: {
    botToken: string | undefined;
    /** the bot's id, for Telegram's Ed25519 check when the token is not held here */
    botId: number | undefined;
    testEnvironment: boolean;
    /** 0 turns the age check off (tests with old vectors) */
    initDataMaxAgeSeconds: number;
    /** where the bot's Bot API client sends its calls (TELEGRAM_API_ROOT; tests: a loopback stand-in) */
    apiRoot: string;
    /**
     * how updates arrive: a webhook at /telegram/webhook/<secret> (default when PUBLIC_URL is https) or long
     * polling by one node at a time (BOT_MODE overrides); "off": no bot runs, BOT_TOKEN only checks the mini
     * app's init data
     */
    mode: "webhook" | "polling" | "off";
    /** the webhook path's secret and Telegram's secret_token header (BOT_WEBHOOK_SECRET, else derived from the token) */
    webhookSecret: string | undefined;
    /** what the bot's web_app buttons open (MINI_APP_URL, else PUBLIC_URL, else the local server) */
    miniAppUrl: string;
    /** how often the daily digest looks for chats whose hour has come */
    digestCheckSeconds: number;
  };
  turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  google: { clientId: string; tokenInfoUrl: string } | undefined;
  /** the points system's Twitter tasks (X API keys); undefined: not available on this server */
  twitter: TwitterSettings | undefined;
  walletConnectProjectId: string | undefined;
  tonConnect: {
    /** where wallets fetch the TON Connect manifest; undefined: the app's own /tonconnect-manifest.json */
    manifestUrl: string | undefined;
    /** the domain a ton_proof must name (the manifest url's host); undefined: PUBLIC_URL's, else loopback only */
    proofDomain: string | undefined;
  };
  /** Sign-In with Ethereum */
  siwe: {
    /** the chains a message may name (SIWE_CHAIN_IDS) */
    chainIds: number[];
    /** JSON-RPC nodes by chain id (EVM_RPC_URL_<chainId>): contract wallets' signatures are checked through them */
    rpcUrls: Record<number, string>;
  };
  /** calls per window a device may make to sign-in, code and captcha routes */
  authRateLimitPoints: number;
  /** visitors from one address share this many times the visitor's daily chats */
  visitorsPerAddress: number;
  /**
   * market data: the replay of shipped Binance history, or live Binance prices with CoinGecko metadata; "auto": live
   * while it answers, else the replay (probed at start and every probeSeconds while the replay serves)
   */
  market: {
    provider: "auto" | "replay" | "live";
    /** first replay instant, ISO; undefined: 30 days before the end of the hourly data */
    replayStart: string | undefined;
    replaySpeed: number;
    replayAtEnd: "wrap" | "clamp";
    refreshSeconds: number;
    /** auto: how often the live market is asked again while the replay serves */
    probeSeconds: number;
    /** live: Binance's public REST API (tickers, klines) */
    binanceUrl: string;
    /** live: CoinGecko's API (coin metadata, market caps, categories, logos); the key raises its rate limit */
    coingeckoUrl: string;
    coingeckoApiKey: string | undefined;
    /** the public fear-and-greed index (alternative.me's format); undefined: the index computed from the data */
    fearGreedUrl: string | undefined;
  };
  news: {
    /** "archive": the shipped real headlines; "rss": the feeds below, polled; "auto": the feeds while they answer */
    provider: "auto" | "archive" | "rss";
    feeds: NewsFeed[];
    /** how often the source is checked for items newer than the last pushed */
    refreshSeconds: number;
    /** auto: how often the feeds are asked again while the archive serves */
    probeSeconds: number;
  };
  predict: {
    /** how often the background job forecasts every coin and judges the forecasts due */
    sweepSeconds: number;
  };
  /** USDT deposits checked on chain: the chains taken and the pending deposits' checks */
  pay: PaySettings;
  /** chat uploads (images, PDFs): a local directory, or an S3-compatible bucket when S3_* are all set */
  uploads: {
    dir: string;
    s3:
      | {
          endpoint: string;
          bucket: string;
          accessKeyId: string;
          secretAccessKey: string;
          region: string;
          /** bucket in the host name (AWS style) instead of the path (MinIO, R2 and most others) */
          virtualHostedStyle: boolean;
        }
      | undefined;
  };
  /** a chat answer fails when its model sends nothing for this long (before the first part or between parts) */
  llmTimeoutMs: number;
  /** configured language-model endpoints by model config key (QWEN, GPT, ...) */
  llm: Partial<Record<(typeof modelConfigKeys)[keyof typeof modelConfigKeys], LlmEndpoint>>;
  /** speech to text for recorded chat questions; undefined: none on the server (the browser's recognition) */
  speech: SpeechEndpoint | undefined;
  /**
   * exchange rates for showing prices in EUR or CNY while the live market serves: a Frankfurter-style API of the
   * ECB reference rates (`<url>/latest`, `<url>/<date>`); the replay uses the rates shipped in data/fx
   */
  fx: { url: string };
  /** Telegram Stars (with the bot): prices, who may refund, where /paysupport sends people */
  stars: StarsSettings;
  /** swaps: quote sources, integrator fee, order tracking, the local Uniswap v2 deployment */
  swap: SwapSettings;
  /** the OFAC sanctions lists: shipped in data/compliance, refreshed from SANCTIONS_LIST_URL when set */
  sanctions: SanctionsSettings;
  /** the AI wallet: the master key sealing its keys, its chains, its daily limit */
  aiWallet: AiWalletSettings;
}

/** The webhook secret when none is configured: a digest of the token, so it is stable and never the token itself. */
function deriveWebhookSecret(botToken: string): string {
  return createHmac("sha256", "telegram-webhook").update(botToken).digest("base64url").slice(0, 43);
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** TRUST_PROXY: the proxies' addresses or CIDR ranges, comma-separated; "true" is refused, it would trust anyone. */
function parseTrustProxy(value: string | undefined): string[] {
  if (value === undefined || ["false", "0", "no"].includes(value.toLowerCase())) return [];
  if (["true", "1", "yes"].includes(value.toLowerCase())) {
    throw new ConfigError(
      "Invalid configuration: TRUST_PROXY takes the proxies' addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), not true: trusting every hop lets any client choose its own address",
    );
  }
  const list = parseProxyList(value);
  if (typeof list === "string") throw new ConfigError(`Invalid configuration: TRUST_PROXY: ${list}`);
  return list;
}

/** SIWE_CHAIN_IDS (comma-separated chain ids) and every EVM_RPC_URL_<chainId>, whose chain must be among them. */
function parseSiweSettings(chainList: string, env: Record<string, string | undefined>): Config["siwe"] {
  const chainIds: number[] = [];
  for (const entry of chainList.split(",").map((s) => s.trim())) {
    const id = chainIdSchema.safeParse(entry);
    if (!id.success)
      throw new ConfigError(`Invalid configuration: SIWE_CHAIN_IDS: not a chain id: ${entry || "(empty)"}`);
    chainIds.push(id.data);
  }
  const rpcUrls: Record<number, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^EVM_RPC_URL_(.*)$/.exec(name);
    if (!match || value === undefined || value.trim() === "") continue;
    const id = chainIdSchema.safeParse(match[1]);
    if (!id.success) throw new ConfigError(`Invalid configuration: ${name}: the name must end in a chain id`);
    if (!chainIds.includes(id.data)) {
      throw new ConfigError(`Invalid configuration: ${name}: chain ${id.data} is not in SIWE_CHAIN_IDS`);
    }
    const url = rpcUrlSchema.safeParse(value.trim());
    if (!url.success) throw new ConfigError(`Invalid configuration: ${name} must be an http(s) URL`);
    rpcUrls[id.data] = url.data;
  }
  return { chainIds, rpcUrls };
}

/** One chain USDT deposits are taken on (PAY_CHAINS and its PAY_<CODE>_* settings). */
export interface PayChain {
  /** ETH, BSC, POLYGON, TRON, ... */
  code: string;
  /** how the chain is read: an EVM JSON-RPC node, or TronGrid's HTTP API */
  kind: "evm" | "tron";
  /** the JSON-RPC URL (EVM) or TronGrid's base URL (TRON) */
  rpcUrl: string;
  /** TronGrid's API key (TRON-PRO-API-KEY header); never logged */
  apiKey: string | undefined;
  /** the EVM chain id; null on TRON */
  chainId: number | null;
  /** the USDT token contract: 0x-address (EVM, checksummed) or T-address (TRON) */
  usdt: string;
  /** the token's decimals (6 on ETH, POLYGON and TRON, 18 on BSC) */
  decimals: number;
  /** where deposits are sent: 0x-address (checksummed) or T-address */
  depositAddress: string;
  /** blocks on top of a transfer's block (its own included) before it is credited */
  confirmations: number;
}

export interface PaySettings {
  /** empty: USDT payments are not set up on this server */
  chains: PayChain[];
  /** how often pending deposits are checked on chain again */
  sweepSeconds: number;
  /** a deposit whose transaction no chain knows fails this long after it was reported */
  txNotFoundMinutes: number;
  /** a top-up (a deposit without an order) must have been mined at most this long before it was reported */
  topUpMaxAgeHours: number;
}

/** What the well-known chains default to when PAY_<CODE>_* leaves it out. */
const KNOWN_PAY_CHAINS: Record<
  string,
  { kind: "evm" | "tron"; chainId?: number; decimals: number; confirmations: number; rpcUrl?: string }
> = {
  ETH: { kind: "evm", chainId: 1, decimals: 6, confirmations: 12 },
  BSC: { kind: "evm", chainId: 56, decimals: 18, confirmations: 15 },
  POLYGON: { kind: "evm", chainId: 137, decimals: 6, confirmations: 64 },
  TRON: { kind: "tron", decimals: 6, confirmations: 19, rpcUrl: "https://api.trongrid.io" },
};

const PAY_CHAIN_SUFFIXES = [
  "RPC_URL",
  "API_KEY",
  "KIND",
  "CHAIN_ID",
  "USDT",
  "DECIMALS",
  "DEPOSIT_ADDRESS",
  "CONFIRMATIONS",
];

/** PAY_CHAINS (comma-separated codes) and each chain's PAY_<CODE>_* settings. */
function parsePaySettings(
  e: {
    PAY_CHAINS: string;
    PAY_SWEEP_SECONDS: number;
    PAY_TX_NOT_FOUND_MINUTES: number;
    PAY_TOPUP_MAX_AGE_HOURS: number;
  },
  env: Record<string, string | undefined>,
): PaySettings {
  const codes = e.PAY_CHAINS.split(",")
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const bad = (message: string) => new ConfigError(`Invalid configuration: ${message}`);
  for (const [name, value] of Object.entries(env)) {
    const match = new RegExp(`^PAY_([A-Z0-9_]+?)_(${PAY_CHAIN_SUFFIXES.join("|")})$`).exec(name);
    if (match && value?.trim() && !codes.includes(match[1] as string)) {
      throw bad(`${name} is set but ${match[1]} is not in PAY_CHAINS`);
    }
  }
  const chains: PayChain[] = [];
  for (const code of codes) {
    if (!/^[A-Z0-9_]{2,16}$/.test(code)) throw bad(`PAY_CHAINS: not a chain code: ${code}`);
    if (chains.some((chain) => chain.code === code)) throw bad(`PAY_CHAINS names ${code} twice`);
    const get = (suffix: string) => {
      const value = env[`PAY_${code}_${suffix}`]?.trim();
      return value === "" ? undefined : value;
    };
    const known = KNOWN_PAY_CHAINS[code];
    const kind = get("KIND") ?? known?.kind ?? "evm";
    if (kind !== "evm" && kind !== "tron") throw bad(`PAY_${code}_KIND must be evm or tron`);
    const rpcUrl = get("RPC_URL") ?? (kind === known?.kind ? known.rpcUrl : undefined);
    if (!rpcUrl || !rpcUrlSchema.safeParse(rpcUrl).success) throw bad(`PAY_${code}_RPC_URL must be an http(s) URL`);
    const isAddress = kind === "evm" ? (v: string) => /^0x[0-9a-fA-F]{40}$/.test(v) : (v: string) => isTronAddress(v);
    const form = kind === "evm" ? "a 0x-address of 40 hex digits" : "a TRON address (T...)";
    const usdt = get("USDT");
    if (!usdt || !isAddress(usdt)) throw bad(`PAY_${code}_USDT (the USDT token contract) must be ${form}`);
    const depositAddress = get("DEPOSIT_ADDRESS");
    if (!depositAddress || !isAddress(depositAddress)) throw bad(`PAY_${code}_DEPOSIT_ADDRESS must be ${form}`);
    const chainIdText = get("CHAIN_ID");
    const chainId =
      kind === "tron" ? null : chainIdText === undefined ? known?.chainId : chainIdSchema.safeParse(chainIdText).data;
    if (chainId === undefined) throw bad(`PAY_${code}_CHAIN_ID must be the chain's id (a positive integer)`);
    const integer = (suffix: string, fallback: number | undefined, min: number, max: number) => {
      const text = get(suffix);
      const value = text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (value === undefined || !Number.isInteger(value) || value < min || value > max) {
        throw bad(`PAY_${code}_${suffix} must be an integer from ${min} to ${max}`);
      }
      return value;
    };
    const decimals = integer("DECIMALS", known?.decimals, 0, 36);
    const confirmations = integer("CONFIRMATIONS", known?.confirmations, 1, 10_000);
    const checksummed = (address: string) => (kind === "evm" ? getAddress(address) : address);
    chains.push({
      code,
      kind,
      rpcUrl,
      apiKey: kind === "tron" ? get("API_KEY") : undefined,
      chainId,
      usdt: checksummed(usdt),
      decimals,
      depositAddress: checksummed(depositAddress),
      confirmations,
    });
  }
  return {
    chains,
    sweepSeconds: e.PAY_SWEEP_SECONDS,
    txNotFoundMinutes: e.PAY_TX_NOT_FOUND_MINUTES,
    topUpMaxAgeHours: e.PAY_TOPUP_MAX_AGE_HOURS,
  };
}

/** The X app behind the Twitter tasks (src/server/providers/twitter/x-api.ts). */
export interface TwitterSettings {
  clientId: string;
  clientSecret: string | undefined;
  bearerToken: string;
  /** where X sends the user back: X_REDIRECT_URL, else the points center at PUBLIC_URL */
  redirectUrl: string;
  followUsername: string;
  repostTweetId: string | undefined;
  apiUrl: string;
  authorizeUrl: string;
}

/**
 * X_CLIENT_ID, X_BEARER_TOKEN and X_FOLLOW_USERNAME turn the Twitter tasks on together (one without the others is
 * a mistake, not "off"); X sends the user back to X_REDIRECT_URL or PUBLIC_URL's points center.
 */
function parseTwitterSettings(e: {
  X_CLIENT_ID?: string;
  X_CLIENT_SECRET?: string;
  X_BEARER_TOKEN?: string;
  X_FOLLOW_USERNAME?: string;
  X_REPOST_TWEET_ID?: string;
  X_REDIRECT_URL?: string;
  X_API_URL: string;
  X_AUTHORIZE_URL: string;
  PUBLIC_URL?: string;
}): TwitterSettings | undefined {
  const required = {
    X_CLIENT_ID: e.X_CLIENT_ID,
    X_BEARER_TOKEN: e.X_BEARER_TOKEN,
    X_FOLLOW_USERNAME: e.X_FOLLOW_USERNAME,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: Twitter tasks also need ${missing.join(", ")}`);
  const redirectUrl = e.X_REDIRECT_URL ?? (e.PUBLIC_URL ? new URL("/pointsCenter/", e.PUBLIC_URL).href : undefined);
  if (!redirectUrl) {
    throw new ConfigError("Invalid configuration: Twitter tasks also need X_REDIRECT_URL or PUBLIC_URL");
  }
  return {
    clientId: e.X_CLIENT_ID ?? "",
    clientSecret: e.X_CLIENT_SECRET,
    bearerToken: e.X_BEARER_TOKEN ?? "",
    redirectUrl,
    followUsername: (e.X_FOLLOW_USERNAME ?? "").replace(/^@/, ""),
    repostTweetId: e.X_REPOST_TWEET_ID,
    apiUrl: e.X_API_URL,
    authorizeUrl: e.X_AUTHORIZE_URL,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const llm: Config["llm"] = {};
  for (const key of Object.values(modelConfigKeys)) {
    const endpoint = llmSchema.safeParse({
      baseUrl: env[`LLM_${key}_BASE_URL`],
      apiKey: env[`LLM_${key}_API_KEY`],
      model: env[`LLM_${key}_MODEL`],
    });
    if (!endpoint.success) throw new ConfigError(`Invalid configuration: LLM_${key}_BASE_URL must be a URL`);
    const { baseUrl, apiKey, model } = endpoint.data;
    // A model answers only with both an endpoint and a key.
    if (baseUrl && apiKey) llm[key] = { baseUrl, apiKey, model };
  }
  const feeds = parseFeeds(e.NEWS_FEEDS);
  if (e.NEWS_PROVIDER !== "archive" && typeof feeds === "string") {
    throw new ConfigError(`Invalid configuration: NEWS_FEEDS: ${feeds}`);
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const siwe = parseSiweSettings(e.SIWE_CHAIN_IDS, env);
  let swap: SwapSettings;
  let sanctions: SanctionsSettings;
  let aiWallet: AiWalletSettings;
  try {
    swap = parseSwapSettings(e, env);
    sanctions = parseSanctionsSettings(e);
    aiWallet = parseAiWalletSettings(e, swap);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const s3Settings = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const s3Missing = Object.entries(s3Settings)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (s3Missing.length > 0 && s3Missing.length < 4) {
    throw new ConfigError(`Invalid configuration: S3 storage also needs ${s3Missing.join(", ")}`);
  }
  if (e.BOT_MODE === "webhook" && !e.PUBLIC_URL) {
    throw new ConfigError(
      "Invalid configuration: BOT_MODE=webhook also needs PUBLIC_URL (where Telegram sends updates)",
    );
  }
  if (e.REDIS_REQUIRED && !e.REDIS_URL) {
    throw new ConfigError("Invalid configuration: REDIS_REQUIRED also needs REDIS_URL");
  }
  // speech to text needs its endpoint and its key; one without the other is a mistake, not "off"
  if ((e.STT_BASE_URL || e.STT_API_KEY || e.STT_MODEL) && !(e.STT_BASE_URL && e.STT_API_KEY)) {
    const missing = e.STT_BASE_URL ? "STT_API_KEY" : e.STT_API_KEY ? "STT_BASE_URL" : "STT_BASE_URL, STT_API_KEY";
    throw new ConfigError(`Invalid configuration: speech to text also needs ${missing}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    staticDir: path.resolve(e.STATIC_DIR),
    database: e.DATABASE_URL
      ? { kind: "postgres", url: e.DATABASE_URL, schema: e.DATABASE_SCHEMA }
      : { kind: "pglite", dataDir: path.join(dataDir, "pglite") },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    redisRequired: e.REDIS_REQUIRED,
    logLevel: e.LOG_LEVEL,
    apiKey: e.API_KEY,
    trustProxy,
    devOutbox: e.NODE_ENV !== "production" && !e.SMTP_URL && (isLoopbackHost(e.HOST) || e.DEV_OUTBOX),
    rateLimit: { points: e.RATE_LIMIT_POINTS, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    telegram: {
      botToken: e.BOT_TOKEN,
      botId: e.TELEGRAM_BOT_ID ?? (e.BOT_TOKEN ? Number(e.BOT_TOKEN.split(":")[0]) : undefined),
      testEnvironment: e.TELEGRAM_TEST_ENVIRONMENT,
      initDataMaxAgeSeconds: e.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
      apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ""),
      mode: e.BOT_MODE ?? (e.PUBLIC_URL?.startsWith("https:") ? "webhook" : "polling"),
      webhookSecret: e.BOT_WEBHOOK_SECRET ?? (e.BOT_TOKEN ? deriveWebhookSecret(e.BOT_TOKEN) : undefined),
      miniAppUrl:
        e.MINI_APP_URL ?? e.PUBLIC_URL ?? `http://${isLoopbackHost(e.HOST) ? "localhost" : e.HOST}:${e.PORT}/`,
      digestCheckSeconds: e.DIGEST_CHECK_SECONDS,
    },
    turnstile:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? { siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY, verifyUrl: e.TURNSTILE_VERIFY_URL }
        : undefined,
    google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, tokenInfoUrl: e.GOOGLE_TOKENINFO_URL } : undefined,
    twitter: parseTwitterSettings(e),
    walletConnectProjectId: e.WALLETCONNECT_PROJECT_ID,
    tonConnect: {
      manifestUrl: e.TONCONNECT_MANIFEST_URL,
      proofDomain:
        e.TON_PROOF_DOMAIN?.toLowerCase() ??
        (e.TONCONNECT_MANIFEST_URL ? new URL(e.TONCONNECT_MANIFEST_URL).host : undefined) ??
        (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).host : undefined),
    },
    siwe,
    authRateLimitPoints: e.AUTH_RATE_LIMIT_POINTS,
    visitorsPerAddress: e.VISITORS_PER_ADDRESS,
    market: {
      provider: e.MARKET_PROVIDER,
      replayStart: e.MARKET_REPLAY_START,
      replaySpeed: e.MARKET_REPLAY_SPEED,
      replayAtEnd: e.MARKET_REPLAY_AT_END,
      refreshSeconds: e.MARKET_REFRESH_SECONDS,
      probeSeconds: e.MARKET_PROBE_SECONDS,
      binanceUrl: e.BINANCE_BASE_URL,
      coingeckoUrl: e.COINGECKO_BASE_URL,
      coingeckoApiKey: e.COINGECKO_API_KEY,
      fearGreedUrl: e.FEAR_GREED_URL,
    },
    news: {
      provider: e.NEWS_PROVIDER,
      feeds: typeof feeds === "string" ? [] : feeds,
      refreshSeconds: e.NEWS_REFRESH_SECONDS,
      probeSeconds: e.NEWS_PROBE_SECONDS,
    },
    predict: { sweepSeconds: e.PREDICT_SWEEP_SECONDS },
    pay: parsePaySettings(e, env),
    uploads: {
      dir: e.UPLOAD_DIR ? path.resolve(e.UPLOAD_DIR) : path.join(dataDir, "uploads"),
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              region: e.S3_REGION,
              virtualHostedStyle: e.S3_VIRTUAL_HOSTED_STYLE,
            }
          : undefined,
    },
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    llm,
    speech:
      e.STT_BASE_URL && e.STT_API_KEY
        ? { baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL }
        : undefined,
    fx: { url: e.FX_URL },
    stars: parseStarsSettings(e),
    swap,
    sanctions,
    aiWallet,
  };
}
