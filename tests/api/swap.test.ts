import { getAddress, parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { call } from "./harness.ts";
import { dataOf, NATIVE, quote, quoteCall, SWAP_CHAIN_ID, swapWorldForTests } from "./swap-harness.ts";

/**
 * Swap quotes through the API on a local Uniswap v2 (issue 16; spec §5 validation, §8 codes 218 and 3001): the
 * chain table and token list of the local chain, the quote's figures, each invalid request naming its field, and a
 * node that is down answered as such, never with a made-up quote.
 */

const { world, user } = swapWorldForTests({ tusd: parseUnits("100", 6) });

describe("the local chain's table and list", () => {
  it("lists the local chain as swappable, BTC as not", async () => {
    const res = await call(world.srv.url, "/getSupportChainList");
    const chains = dataOf<{ chains: { chainId: number; netWork: string; swappable: boolean }[] }>(res).chains;
    expect(chains.find((c) => c.chainId === SWAP_CHAIN_ID)).toMatchObject({ swappable: true, isEvm: true });
    expect(chains.find((c) => c.netWork === "BTC")).toMatchObject({ swappable: false });
  });

  it("lists the native coin and the configured tokens, read from the chain", async () => {
    const res = await call(world.srv.url, `/swap/getTokenList?chainId=${SWAP_CHAIN_ID}`);
    expect(res.json).toMatchObject({
      code: 200,
      data: {
        chainId: SWAP_CHAIN_ID,
        tokens: [
          { symbol: "ETH", address: NATIVE, decimals: 18 },
          { symbol: "TUSD", address: getAddress(world.chain.tusd), decimals: 6 },
          { symbol: "TTK", address: getAddress(world.chain.ttk), decimals: 18 },
        ],
      },
    });
  });

  it("reads the wallet's balances", async () => {
    const res = await call(world.srv.url, `/getWalletAssets?address=${user.address}&chainId=${SWAP_CHAIN_ID}`);
    expect(res.json?.code).toBe(200);
    const assets = dataOf<{ assets: { symbol: string; balance: string }[] }>(res).assets;
    expect(assets.find((a) => a.symbol === "TUSD")?.balance).toBe("100");
  });
});

describe("quotes", () => {
  it("quotes without a wallet (indicative) and with one; warns of high slippage", async () => {
    const indicative = await quoteCall(world, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" });
    expect(indicative.json).toMatchObject({
      code: 200,
      data: {
        quote: {
          source: "Uniswap v2",
          slippage: "0.5",
          fee: { bps: 0, amount: "0" },
          approval: { spender: world.chain.router, amount: "10000000" },
          route: [{ tool: "Uniswap v2", type: "swap", fromChainId: SWAP_CHAIN_ID, toChainId: SWAP_CHAIN_ID }],
          compared: [],
        },
      },
    });
    const high = await quote(world, user, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "1", slippage: "20" });
    expect(high.warnings).toEqual(["highSlippage"]);
    expect(high.approval).toBeNull();
    // 20% less than the quote
    expect(Number(high.toAmountMin)).toBeCloseTo(Number(high.toAmount) * 0.8, 6);
  });

  it("names the field of each invalid request", async () => {
    const base = { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" };
    const unknownToken = "0x000000000000000000000000000000000000dEaD";
    const cases: [Record<string, string>, number, string, string][] = [
      [{ slippage: "0" }, 1001, "slippage", "slippageTooLow"],
      [{ slippage: "51" }, 1001, "slippage", "slippageTooHigh"],
      [{ amount: "0" }, 1001, "amount", "invalidValue"],
      [{ amount: "1.1234567" }, 1001, "amount", "invalidValue"],
      [{ toToken: world.chain.tusd }, 1001, "toToken", "unsupportedSwapPair"],
      [{ toToken: unknownToken }, 218, "toToken", "coinNotSwappable"],
      [{ fromChainId: "56" }, 1001, "fromChainId", "chainNotSupported"],
      // a contract (WETH) as the receive address, one of the pair's tokens, the router
      [{ toAddress: world.chain.weth }, 3001, "toAddress", "exchangeAddress"],
      [{ toAddress: world.chain.ttk }, 3001, "toAddress", "exchangeAddress"],
      [{ toAddress: world.chain.router }, 3001, "toAddress", "exchangeAddress"],
    ];
    for (const [more, code, field, key] of cases) {
      const res = await quoteCall(world, { ...base, ...more });
      expect({ case: more, status: res.status, json: res.json }).toMatchObject({
        case: more,
        status: 400,
        json: { code, data: { field, key } },
      });
    }
  });

  it("a token with no pool: unsupportedSwapPair from the source", async () => {
    const lonely = await world.chain.deployToken("Lonely", "LONE", 18);
    const res = await quoteCall(world, { fromToken: world.chain.tusd, toToken: lonely, amount: "10" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "unsupportedSwapPair" } });
  });

  it("the chain's node down: quoteServiceUnreachable (502), no quote made up", async () => {
    await world.proxy.down();
    try {
      const res = await quoteCall(world, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" });
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ code: 1001, data: { key: "quoteServiceUnreachable" } });
    } finally {
      await world.proxy.up();
    }
    const back = await quoteCall(world, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" });
    expect(back.json?.code).toBe(200);
  });

  it("keeps a visitor's quote; orders need a sign-in (4001)", async () => {
    const q = await quoteCall(world, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "0.1" });
    const quoteId = dataOf<{ quote: { quoteId: string } }>(q).quote.quoteId;
    const res = await call(world.srv.url, "/swap/getSwapData", { body: { quoteId, fromAddress: user.address } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    const orders = await call(world.srv.url, "/getSwapOrders", { body: {} });
    expect(orders.json).toMatchObject({ code: 4001 });
  });
});
