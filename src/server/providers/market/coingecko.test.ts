import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, type StandIn, startStandIn, upstreamFailure } from "../upstream/stand-in.ts";
import { COINGECKO_CATEGORY, createCoinGecko } from "./coingecko.ts";
import { coingeckoFixtures } from "./fixtures/stand-ins.ts";
import { coinCategories } from "./market-provider.ts";

let standIn: StandIn;
const headers: Record<string, string | string[] | undefined>[] = [];
beforeEach(async () => {
  headers.length = 0;
  const fixtures = coingeckoFixtures();
  standIn = await startStandIn((request) => {
    headers.push(request.headers);
    return fixtures(request);
  });
});
afterEach(async () => {
  await standIn.close();
});

const client = (apiKey?: string) =>
  createCoinGecko({ baseUrl: standIn.url, apiKey, upstream: { timeoutMs: 1_500, retries: 0, backoffMs: 5 } });

const failure = upstreamFailure;

describe("coingecko client", () => {
  it("reads the top coins by market cap with CoinGecko's nulls", async () => {
    const coins = await client().topCoins();
    expect(coins).toHaveLength(97);
    expect(coins[0]).toEqual({
      id: "bitcoin",
      symbol: "btc",
      name: "Bitcoin",
      imageUrl: "https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png",
      marketCapUsd: 1_900_000_000_000,
      rank: 1,
      volume24hUsd: 70_040_323_127,
      circulatingSupply: 20_000_000,
      lastUpdated: Date.parse("2025-11-17T02:28:50.587Z"),
    });
    expect(coins.find((c) => c.id === "hyperliquid")?.imageUrl).toBeNull();
    const asked = new URL(standIn.requests[0] ?? "", standIn.url);
    expect(asked.pathname).toBe("/coins/markets");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      vs_currency: "usd",
      order: "market_cap_desc",
      per_page: "100",
      page: "1",
    });
  });

  it("sends the demo key only when there is one", async () => {
    await client().topCoins();
    await client("CG-test-key").topCoins();
    expect(headers[0]?.["x-cg-demo-api-key"]).toBeUndefined();
    expect(headers[1]?.["x-cg-demo-api-key"]).toBe("CG-test-key");
  });

  it("asks each sector's category and returns its members' ids", async () => {
    const coingecko = client();
    const members: Record<string, string[]> = {};
    for (const category of coinCategories) members[category] = [...(await coingecko.categoryIds(category))];
    expect(members).toEqual({
      meme: ["dogecoin", "shiba-inu", "pepe", "official-trump", "bonk", "floki"],
      stablecoin: [
        "tether",
        "usd-coin",
        "ethena-usde",
        "dai",
        "paypal-usd",
        "usd1-wlfi",
        "global-dollar",
        "ripple-usd",
        "first-digital-usd",
      ],
      ai_agent: ["virtual-protocol"],
      ai: ["bittensor", "near", "worldcoin-wld", "render-token", "virtual-protocol", "fetch-ai"],
      rwa: ["ondo-finance"],
      depin: ["filecoin", "render-token"],
      defai: [],
      gaming: ["immutable-x"],
    });
    const asked = standIn.requests.map((r) => new URL(r, standIn.url).searchParams);
    expect(asked.map((q) => q.get("category"))).toEqual(coinCategories.map((c) => COINGECKO_CATEGORY[c]));
    for (const q of asked) expect(q.get("per_page")).toBe("250");
  });

  it("reports CoinGecko's 429 as rate-limited and a changed payload as malformed", async () => {
    standIn.handle(() =>
      json(
        {
          status: {
            error_code: 429,
            error_message: "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing",
          },
        },
        429,
        { "retry-after": "60" },
      ),
    );
    expect(await failure(client().topCoins())).toMatchObject({ kind: "rate-limited", status: 429 });
    expect(standIn.requests).toHaveLength(1);

    standIn.handle(() => json([{ id: "bitcoin", symbol: "btc", name: "Bitcoin", market_cap: "1.9T" }]));
    const error = await failure(client().topCoins());
    expect(error.kind).toBe("malformed");
    expect(error.message).toBe("coingecko: unexpected payload at 0.market_cap");
  });
});
