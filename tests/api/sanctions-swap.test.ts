import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadShippedSanctions } from "../../src/server/features/compliance/shipped-sanctions.ts";
import { dataOf, post, type QuoteAnswer, quote, quoteCall, swapWorldForTests } from "./swap-harness.ts";

/**
 * Swaps from the user's wallet and the OFAC sanctions list (spec §8 3001): on the local Uniswap v2 chain that quotes
 * for a clean wallet, a quote or an order that sends from or to an address of the shipped ETH list is refused,
 * naming the field, whatever the address's letter case.
 */

const LISTED = loadShippedSanctions().lists.get("ETH")?.[0] as string;

const { world, user } = swapWorldForTests({ tusd: parseUnits("100", 6) });

const refusal = (field: string) => ({ code: 3001, data: { field, key: "sanctionedAddress" } });

describe("swaps and the sanctions list", () => {
  it("quotes to a clean receive address, and refuses one on the list (3001 sanctionedAddress, toAddress)", async () => {
    const pair = { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" };
    const clean = privateKeyToAccount(generatePrivateKey()).address;
    await quote(world, user, { ...pair, toAddress: clean });

    for (const toAddress of [LISTED, LISTED.toLowerCase()]) {
      const res = await quoteCall(world, { ...pair, fromAddress: user.address, toAddress }, user);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject(refusal("toAddress"));
    }
  });

  it("refuses a quote for a wallet on the list (fromAddress), signed in or not", async () => {
    const pair = { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10", fromAddress: LISTED };
    expect((await quoteCall(world, pair, user)).json).toMatchObject(refusal("fromAddress"));
    expect((await quoteCall(world, pair)).json).toMatchObject(refusal("fromAddress"));
  });

  it("refuses an order from an indicative quote to an address on the list; the same quote serves a clean one", async () => {
    const indicative = await quoteCall(world, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" });
    const { quoteId } = dataOf<{ quote: QuoteAnswer }>(indicative).quote;

    const toListed = await post(world, user, "/swap/getSwapData", {
      quoteId,
      fromAddress: user.address,
      toAddress: LISTED,
    });
    expect(toListed.status).toBe(400);
    expect(toListed.json).toMatchObject(refusal("toAddress"));
    const fromListed = await post(world, user, "/swap/getSwapData", { quoteId, fromAddress: LISTED });
    expect(fromListed.json).toMatchObject(refusal("fromAddress"));

    const own = await post(world, user, "/swap/getSwapData", { quoteId, fromAddress: user.address });
    expect(own.json, own.text).toMatchObject({ code: 200, data: { order: { status: expect.any(String) } } });
  });
});
