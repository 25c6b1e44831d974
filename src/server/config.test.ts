import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe("pglite");
    expect(config.redisUrl).toBeUndefined();
    expect(config.apiKey).toBeUndefined();
    expect(config.llm).toEqual({});
    expect(config.speech).toBeUndefined();
  });

  it("listens on loopback by default, with the outbox open only there and only in development", () => {
    expect(loadConfig({})).toMatchObject({ host: "127.0.0.1", devOutbox: true, trustProxy: [] });
    expect(loadConfig({ HOST: "0.0.0.0" }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: "0.0.0.0", DEV_OUTBOX: "1" }).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: "production", DEV_OUTBOX: "1" }).devOutbox).toBe(false);
    expect(loadConfig({ SMTP_URL: "smtp://mail:25", DEV_OUTBOX: "1" }).devOutbox).toBe(false);
  });

  it("trusts only the proxies TRUST_PROXY names, and refuses a blanket true", () => {
    expect(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/addresses or CIDR ranges/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(ConfigError);
  });

  it("offers Sign-In with Ethereum on the spec's chains and checks contract wallets only where a node is set", () => {
    expect(loadConfig({}).siwe).toEqual({ chainIds: [1, 10, 56, 100, 137, 324, 42161, 42220, 43114], rpcUrls: {} });
    const configured = loadConfig({
      SIWE_CHAIN_IDS: "1, 8453",
      EVM_RPC_URL_8453: "https://base.node.example/key",
      EVM_RPC_URL_1: " ",
    });
    expect(configured.siwe).toEqual({ chainIds: [1, 8453], rpcUrls: { 8453: "https://base.node.example/key" } });
    expect(() => loadConfig({ SIWE_CHAIN_IDS: "1,mainnet" })).toThrow(/SIWE_CHAIN_IDS: not a chain id: mainnet/);
    expect(() => loadConfig({ SIWE_CHAIN_IDS: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ EVM_RPC_URL_5: "https://goerli.example" })).toThrow(/chain 5 is not in SIWE_CHAIN_IDS/);
    expect(() => loadConfig({ EVM_RPC_URL_MAIN: "https://node.example" })).toThrow(/must end in a chain id/);
    expect(() => loadConfig({ EVM_RPC_URL_1: "ws://node.example" })).toThrow(/EVM_RPC_URL_1 must be an http/);
  });

  it("takes the TON proof domain from TON_PROOF_DOMAIN, else the manifest's or PUBLIC_URL's host, else none", () => {
    expect(loadConfig({}).tonConnect.proofDomain).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: "https://app.example" }).tonConnect.proofDomain).toBe("app.example");
    const manifest = { PUBLIC_URL: "https://app.example", TONCONNECT_MANIFEST_URL: "https://cdn.example:8443/m.json" };
    expect(loadConfig(manifest).tonConnect.proofDomain).toBe("cdn.example:8443");
    expect(loadConfig({ ...manifest, TON_PROOF_DOMAIN: "Ton.Example" }).tonConnect.proofDomain).toBe("ton.example");
  });

  it("switches to PostgreSQL and Redis when their URLs are set", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u@db:5432/app",
      DATABASE_SCHEMA: "tenant_a",
      REDIS_URL: "redis://cache:6379",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/app", schema: "tenant_a" });
    expect(config.redisUrl).toBe("redis://cache:6379");
    expect(config.redisRequired).toBe(false);
  });

  it("makes Redis a condition of readiness only when REDIS_REQUIRED says so, and only with REDIS_URL", () => {
    expect(loadConfig({ REDIS_URL: "redis://cache:6379", REDIS_REQUIRED: "1" }).redisRequired).toBe(true);
    expect(loadConfig({ REDIS_URL: "redis://cache:6379", REDIS_REQUIRED: "0" }).redisRequired).toBe(false);
    expect(() => loadConfig({ REDIS_REQUIRED: "1" })).toThrow(/REDIS_REQUIRED also needs REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: "redis://cache:6379", REDIS_REQUIRED: "maybe" })).toThrow(ConfigError);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", API_KEY: "  " })).toMatchObject({
      database: { kind: "pglite" },
      apiKey: undefined,
    });
  });

  it("configures a model only with both an endpoint and a key", () => {
    const config = loadConfig({
      LLM_GPT_BASE_URL: "https://llm.example/v1",
      LLM_GPT_API_KEY: "k",
      LLM_CLAUDE_BASE_URL: "https://llm.example/v1",
    });
    expect(config.llm).toEqual({ GPT: { baseUrl: "https://llm.example/v1", apiKey: "k", model: undefined } });
  });

  it("configures speech to text only with both an endpoint and a key, and refuses half of it", () => {
    expect(loadConfig({ STT_BASE_URL: "", STT_API_KEY: " ", STT_MODEL: "" }).speech).toBeUndefined();
    expect(loadConfig({ STT_BASE_URL: "https://stt.example/v1", STT_API_KEY: "k" }).speech).toEqual({
      baseUrl: "https://stt.example/v1",
      apiKey: "k",
      model: undefined,
    });
    expect(
      loadConfig({ STT_BASE_URL: "http://127.0.0.1:9004/v1", STT_API_KEY: "k", STT_MODEL: " whisper-large-v3 " })
        .speech,
    ).toEqual({ baseUrl: "http://127.0.0.1:9004/v1", apiKey: "k", model: "whisper-large-v3" });
    expect(() => loadConfig({ STT_BASE_URL: "https://stt.example/v1" })).toThrow(
      /speech to text also needs STT_API_KEY/,
    );
    expect(() => loadConfig({ STT_API_KEY: "k" })).toThrow(/speech to text also needs STT_BASE_URL/);
    expect(() => loadConfig({ STT_MODEL: "whisper-1" })).toThrow(/STT_BASE_URL, STT_API_KEY/);
    expect(() => loadConfig({ STT_BASE_URL: "not a url", STT_API_KEY: "k" })).toThrow(/STT_BASE_URL/);
    expect(() => loadConfig({ STT_BASE_URL: "ftp://stt.example/v1", STT_API_KEY: "k" })).toThrow(/STT_BASE_URL/);
  });

  it("names every bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_SCHEMA: "Drop Table" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ LLM_QWEN_BASE_URL: "not a url", LLM_QWEN_API_KEY: "k" })).toThrow(/LLM_QWEN_BASE_URL/);
  });

  it("chooses the market and news sources", () => {
    const defaults = loadConfig({});
    // fresh data by default: live while it answers, else the shipped replay and archive, asked again every minute
    expect(defaults.market).toMatchObject({ provider: "auto", probeSeconds: 60 });
    expect(defaults.news).toMatchObject({ provider: "auto", probeSeconds: 60 });
    expect(defaults.news.feeds.length).toBeGreaterThan(0);
    const pinned = loadConfig({
      MARKET_PROVIDER: "replay",
      NEWS_PROVIDER: "archive",
      MARKET_PROBE_SECONDS: "5",
      NEWS_PROBE_SECONDS: "0.5",
    });
    expect(pinned.market).toMatchObject({ provider: "replay", probeSeconds: 5 });
    expect(pinned.news).toMatchObject({ provider: "archive", probeSeconds: 0.5 });
    const live = loadConfig({
      MARKET_PROVIDER: "live",
      BINANCE_BASE_URL: "http://127.0.0.1:9001",
      FEAR_GREED_URL: "http://127.0.0.1:9002/fng/",
      NEWS_PROVIDER: "rss",
      NEWS_FEEDS: "http://127.0.0.1:9003/rss, zh=http://127.0.0.1:9003/zh.xml",
    });
    expect(live.market).toMatchObject({
      provider: "live",
      binanceUrl: "http://127.0.0.1:9001",
      fearGreedUrl: "http://127.0.0.1:9002/fng/",
    });
    expect(live.news.feeds).toEqual([
      { url: "http://127.0.0.1:9003/rss", language: "en" },
      { url: "http://127.0.0.1:9003/zh.xml", language: "zh" },
    ]);
    expect(() => loadConfig({ MARKET_PROVIDER: "binance" })).toThrow(/MARKET_PROVIDER/);
    expect(() => loadConfig({ NEWS_PROVIDER: "rss", NEWS_FEEDS: "ftp://feeds.example/x" })).toThrow(/NEWS_FEEDS/);
    expect(() => loadConfig({ NEWS_PROVIDER: "rss", NEWS_FEEDS: " , " })).toThrow(/NEWS_FEEDS/);
    // auto reads the feeds too, so they must be feeds; the archive does not read them
    expect(() => loadConfig({ NEWS_FEEDS: "ftp://feeds.example/x" })).toThrow(/NEWS_FEEDS/);
    expect(loadConfig({ NEWS_PROVIDER: "archive", NEWS_FEEDS: " , " }).news.feeds).toEqual([]);
    expect(() => loadConfig({ MARKET_PROBE_SECONDS: "0" })).toThrow(/MARKET_PROBE_SECONDS/);
    expect(() => loadConfig({ NEWS_PROVIDER: "sometimes" })).toThrow(/NEWS_PROVIDER/);
  });
  it("runs the bot on a webhook when PUBLIC_URL is https, else by polling, unless BOT_MODE says otherwise", () => {
    const token = "7000000001:AAbotbotbotbotbotbotbotbotbotbotbot";
    expect(loadConfig({ BOT_TOKEN: token }).telegram).toMatchObject({
      mode: "polling",
      apiRoot: "https://api.telegram.org",
      miniAppUrl: "http://localhost:8080/",
    });
    const https = loadConfig({ BOT_TOKEN: token, PUBLIC_URL: "https://app.example" }).telegram;
    expect(https).toMatchObject({ mode: "webhook", miniAppUrl: "https://app.example" });
    expect(https.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(https.webhookSecret).not.toContain(token.split(":")[1]);
    expect(loadConfig({ BOT_TOKEN: token, PUBLIC_URL: "https://app.example", BOT_MODE: "polling" }).telegram.mode).toBe(
      "polling",
    );
    expect(loadConfig({ BOT_TOKEN: token, BOT_MODE: "off" }).telegram.mode).toBe("off");
    const custom = loadConfig({
      BOT_TOKEN: token,
      TELEGRAM_API_ROOT: "http://127.0.0.1:9000/",
      BOT_WEBHOOK_SECRET: "s3cret-s3cret-s3cret",
      MINI_APP_URL: "https://t.me/mountainlion_bot/app",
    }).telegram;
    expect(custom).toMatchObject({
      apiRoot: "http://127.0.0.1:9000",
      webhookSecret: "s3cret-s3cret-s3cret",
      miniAppUrl: "https://t.me/mountainlion_bot/app",
    });
    expect(() => loadConfig({ BOT_TOKEN: token, BOT_MODE: "webhook" })).toThrow(
      /BOT_MODE=webhook also needs PUBLIC_URL/,
    );
    expect(() => loadConfig({ BOT_MODE: "sometimes" })).toThrow(/BOT_MODE/);
    expect(() => loadConfig({ BOT_WEBHOOK_SECRET: "short" })).toThrow(/BOT_WEBHOOK_SECRET/);
  });
});
