import { createPublicClient, custom } from "viem";
import { mainnet } from "viem/chains";
import { describe, expect, it } from "vitest";
import { NATIVE_TOKEN_ADDRESS, swapTokenSchema } from "../../../../contract/swap.ts";
import { ApiError } from "../../../api-error.ts";
import type { SwapSettings } from "../../../config-swap.ts";
import { manualClock } from "../../../providers/clock.ts";
import { createChainTable } from "../chains/chain-table.ts";
import { swapSettings } from "../testing/settings.ts";
import { createTokenLists, TOKEN_LIST_PACKAGE, TOKEN_MISS_CACHE_MS } from "./token-lists.ts";

function listsFor(overrides: Partial<SwapSettings> = {}) {
  const settings = swapSettings(overrides);
  return createTokenLists({ chains: createChainTable(settings), settings });
}

const USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

describe("token lists", () => {
  const lists = listsFor();

  it("lists ETH, BSC and POLYGON from the Uniswap default token list, the native coin first", async () => {
    for (const [chainId, netWork, native] of [
      [1, "ETH", "ETH"],
      [56, "BSC", "BNB"],
      [137, "POLYGON", "POL"],
    ] as const) {
      const { tokens, source } = await lists.list(chainId);
      expect(source).toMatch(new RegExp(`^${TOKEN_LIST_PACKAGE} \\d+\\.\\d+\\.\\d+$`));
      expect(tokens.length).toBeGreaterThan(20);
      expect(tokens[0]).toMatchObject({ address: NATIVE_TOKEN_ADDRESS, symbol: native, decimals: 18, chain: netWork });
      const symbols = new Set(tokens.map((token) => token.symbol));
      for (const symbol of ["USDC", "USDT", "DAI", "WETH"]) expect(symbols).toContain(symbol);
      expect(new Set(tokens.map((token) => token.address.toLowerCase())).size).toBe(tokens.length);
      for (const token of tokens) {
        expect(swapTokenSchema.parse(token)).toEqual(token);
        expect(token).toMatchObject({ chainId, chain: netWork, isEnable: true });
        if (token.address !== NATIVE_TOKEN_ADDRESS) expect(token.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
        if (token.logoURI !== null) expect(token.logoURI).toMatch(/^https?:\/\//);
      }
    }
    const eth = await lists.list(1);
    expect(eth.tokens.find((token) => token.symbol === "USDC")).toMatchObject({ address: USDC_ETH, decimals: 6 });
  });

  it("marks tokens listed on another chain cross-enabled when LI.FI is a source, none without it", async () => {
    const { tokens } = await lists.list(1);
    expect(tokens.find((token) => token.symbol === "USDC")?.isCrossEnable).toBe(true);
    expect(tokens[0]?.isCrossEnable).toBe(true);
    // some of Ethereum's list exists nowhere else
    expect(tokens.some((token) => !token.isCrossEnable)).toBe(true);
    const withoutLifi = await listsFor({ sources: ["velora"] }).list(1);
    expect(withoutLifi.tokens.some((token) => token.isCrossEnable)).toBe(false);
  });

  it("lists only the native coin on a chain the package has no tokens for", async () => {
    const fantom = await lists.list(250);
    expect(fantom.tokens).toEqual([
      {
        symbol: "FTM",
        name: "Fantom",
        address: NATIVE_TOKEN_ADDRESS,
        decimals: 18,
        logoURI: null,
        isCrossEnable: expect.any(Boolean),
        isEnable: true,
        chain: "FANTOM",
        chainId: 250,
      },
    ]);
    expect(fantom.source).toBe("chain table (FANTOM's native coin)");
    expect((await lists.list(1994)).tokens.map((token) => token.symbol)).toEqual(["BTC"]);
  });

  it("finds listed tokens and the native coin without the chain, whatever the address's case", async () => {
    expect(await lists.find(1, USDC_ETH.toLowerCase())).toMatchObject({ symbol: "USDC", address: USDC_ETH });
    expect(await lists.find(56, NATIVE_TOKEN_ADDRESS.toLowerCase())).toMatchObject({ symbol: "BNB", chain: "BSC" });
    expect(await lists.find(1, "not an address")).toBeUndefined();
    expect(await lists.find(9999, `0x${"12".repeat(20)}`)).toBeUndefined();
  });

  it("refuses a chain the table does not have", async () => {
    for (const read of [() => lists.list(424_242), () => lists.find(424_242, USDC_ETH)]) {
      const error = await read().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        key: "chainNotSupported",
        issues: [{ field: "chainId", key: "chainNotSupported" }],
      });
    }
  });

  it("hands out copies: a caller's change does not reach the next answer", async () => {
    const first = await lists.list(1);
    const token = first.tokens[1];
    if (token) token.symbol = "CHANGED";
    expect((await lists.list(1)).tokens[1]?.symbol).not.toBe("CHANGED");
  });

  it("remembers briefly that an address is no token, so it is not read again each time", async () => {
    const settings = swapSettings();
    const table = createChainTable(settings);
    let calls = 0;
    // a node where the address has no code: every eth_call answers empty data
    const client = createPublicClient({
      chain: mainnet,
      transport: custom({
        async request({ method }: { method: string }) {
          if (method !== "eth_call") throw new Error(`not asked here: ${method}`);
          calls += 1;
          return "0x";
        },
      }),
    });
    const clock = manualClock(new Date("2026-01-01T00:00:00Z"));
    const lists = createTokenLists({ chains: { ...table, client: () => client }, settings, clock });
    const notToken = `0x${"34".repeat(20)}`;
    expect(await lists.find(1, notToken)).toBeUndefined();
    const first = calls;
    expect(first).toBeGreaterThan(0);
    expect(await lists.find(1, notToken)).toBeUndefined();
    expect(calls).toBe(first);
    clock.advance(TOKEN_MISS_CACHE_MS);
    expect(await lists.find(1, notToken)).toBeUndefined();
    expect(calls).toBeGreaterThan(first);
  });
});
