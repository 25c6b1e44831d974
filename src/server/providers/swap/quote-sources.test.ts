import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSwapSettings, swapEnvSchema } from "../../config-swap.ts";
import { type StandIn, startStandIn } from "../upstream/stand-in.ts";
import type { QuoteSource } from "./quote-source.ts";
import { createQuoteSources, quotableChainIds } from "./quote-sources.ts";
import { lifiQuoteReply } from "./stand-ins/lifi.ts";
import { oneinchReply } from "./stand-ins/oneinch.ts";
import { never, quoteRequest } from "./stand-ins/requests.ts";
import { veloraPricesReply } from "./stand-ins/velora.ts";
import { zeroexQuoteReply } from "./stand-ins/zeroex.ts";

const settingsOf = (env: Record<string, string>) => parseSwapSettings(swapEnvSchema.parse(env), env);

const local: QuoteSource = {
  id: "uniswapv2",
  label: "Uniswap v2",
  supports: () => true,
  quote: () => Promise.reject(new Error("not asked here")),
  buildTx: () => Promise.reject(new Error("not asked here")),
};

describe("quotableChainIds", () => {
  it("joins the configured sources' chain lists, keyed sources only with their keys", () => {
    const keyless = quotableChainIds(settingsOf({}));
    expect(keyless.has(1)).toBe(true);
    expect(keyless.has(25)).toBe(true); // LI.FI serves Cronos
    expect(keyless.has(128)).toBe(false); // nobody serves HECO
    const veloraOnly = quotableChainIds(settingsOf({ SWAP_SOURCES: "velora" }));
    expect(veloraOnly.has(25)).toBe(false);
    expect(veloraOnly.has(137)).toBe(true);
    expect(quotableChainIds(settingsOf({ SWAP_SOURCES: "" })).size).toBe(0);
    const local = quotableChainIds(
      settingsOf({
        SWAP_SOURCES: "uniswapv2",
        SWAP_V2_ROUTER: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
        SWAP_V2_CHAIN_ID: "31337",
        SWAP_V2_RPC_URL: "http://127.0.0.1:8545",
      }),
    );
    expect([...local]).toEqual([31337]);
  });
});

describe("createQuoteSources", () => {
  it("builds the keyless sources by default", () => {
    const sources = createQuoteSources(settingsOf({}), {});
    expect(sources.map((s) => [s.id, s.label])).toEqual([
      ["lifi", "LI.FI"],
      ["velora", "Velora"],
    ]);
  });

  it("adds 0x and 1inch with their keys, and the local router's source handed in", () => {
    const settings = settingsOf({
      SWAP_SOURCES: "velora,uniswapv2",
      SWAP_ZEROEX_API_KEY: "zx",
      SWAP_ONEINCH_API_KEY: "1i",
      SWAP_V2_ROUTER: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
      SWAP_V2_CHAIN_ID: "31337",
      SWAP_V2_RPC_URL: "http://127.0.0.1:8545",
    });
    const sources = createQuoteSources(settings, { uniswapV2: local });
    expect(sources.map((s) => s.id)).toEqual(["velora", "uniswapv2", "zeroex", "oneinch"]);
    expect(sources[1]).toBe(local);
  });

  it("none: no sources; a local router named without its source is left out", () => {
    expect(createQuoteSources(settingsOf({ SWAP_SOURCES: "none" }), {})).toEqual([]);
    const settings = settingsOf({
      SWAP_SOURCES: "uniswapv2",
      SWAP_V2_ROUTER: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
      SWAP_V2_CHAIN_ID: "31337",
      SWAP_V2_RPC_URL: "http://127.0.0.1:8545",
    });
    expect(createQuoteSources(settings, { uniswapV2: undefined })).toEqual([]);
  });
});

describe("the built sources ask the configured services", () => {
  let standIn: StandIn;
  beforeEach(async () => {
    standIn = await startStandIn((r) => {
      if (r.path === "/lifi/quote") return lifiQuoteReply(r);
      if (r.path === "/velora/prices") return veloraPricesReply(r);
      if (r.path.startsWith("/zeroex/")) return zeroexQuoteReply({ ...r, path: r.path.slice("/zeroex".length) });
      if (r.path.startsWith("/oneinch/")) return oneinchReply({ ...r, path: r.path.slice("/oneinch".length) });
      return undefined;
    });
  });
  afterEach(async () => {
    await standIn.close();
  });

  it("each source answers the same request, naming itself, with the fee shown", async () => {
    const settings = settingsOf({
      SWAP_SOURCES: "lifi,velora",
      SWAP_LIFI_URL: `${standIn.url}/lifi`,
      SWAP_VELORA_URL: `${standIn.url}/velora`,
      SWAP_ZEROEX_URL: `${standIn.url}/zeroex`,
      SWAP_ZEROEX_API_KEY: "zx",
      SWAP_ONEINCH_URL: `${standIn.url}/oneinch`,
      SWAP_ONEINCH_API_KEY: "1i",
      SWAP_FEE_BPS: "20",
      SWAP_FEE_RECIPIENT: "0x890CACd9dEC1E1409C6598Da18DC3d634e600b45",
    });
    const sources = createQuoteSources(settings, {});
    const request = quoteRequest({ feeBps: settings.feeBps, feeRecipient: settings.feeRecipient });
    const quotes = await Promise.all(sources.map((s) => s.quote(request, never())));
    expect(quotes.map((q) => [q.source, q.feeAmount])).toEqual([
      ["LI.FI", "20000"],
      ["Velora", "20000"],
      ["0x", "20000"],
      ["1inch", "20000"],
    ]);
    expect(standIn.asked.every((r) => new URL(standIn.url).host === r.headers.host)).toBe(true);
  });
});
