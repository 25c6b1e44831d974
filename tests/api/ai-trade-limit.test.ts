import { parseEther, parseUnits, zeroAddress } from "viem";
import { describe, expect, inject, it } from "vitest";
import { LIMIT_ORDERS_OPEN_MAX, limitOrderSchema } from "../../src/contract/ai-wallet.ts";
import {
  anvilRpc,
  CHAIN_ID,
  chainAndCoinRefusals,
  expectRefusals,
  get,
  type LimitOrderAnswer,
  limitOrders,
  NATIVE,
  ok,
  post,
  refusal,
  route,
  sentCount,
  swapOrders,
  type Trader,
  trader,
  tradeWorldForTests,
  tusd,
} from "./ai-trade-harness.ts";
import { newDeviceNo, ONE_NODE_PER_PGLITE, startTestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";
import { readEvents } from "./sse-events.ts";

/**
 * Limit orders from the AI wallet (issue 17, spec §5) on a local Uniswap v2: placed open, watched on the market's
 * ticks, executed once when the market crosses the limit and the pool honours it within the slippage (one swap
 * transaction from the AI wallet, one swap order of type limit); a node that dies mid-execution leaves the order
 * completed (the chain says so) or open after a restart, never executed twice; cancel, expiry and every refusal.
 */

const world = tradeWorldForTests();

const DAY_MS = 86_400_000;
const place = route(world, "/aiAccountLimitSwap");
const sellEth = (limitPrice: number, more: Record<string, unknown> = {}) => ({
  chainId: CHAIN_ID,
  side: "sell",
  fromToken: NATIVE,
  toToken: world.chain.tusd,
  amount: "1",
  limitPrice,
  slippage: "1",
  ...more,
});
const orderOf = async (who: Trader, orderId: string) => {
  const found = (await limitOrders(world, who)).find((order) => order.orderId === orderId);
  if (!found) throw new Error(`order ${orderId} not listed`);
  return found;
};

/** how long a test waits for what a tick brings: a loaded machine slows it down, it must not fail it */
const POLL = { timeout: 60_000, interval: 20 };

/** the account's push stream, opened with a ticket as the app opens it */
async function pushStream(who: Trader) {
  const { ticket } = ok<{ ticket: string }>(await post(world, who, "/push/ticket", {}));
  const controller = new AbortController();
  const res = await fetch(`${world.srv.url}/v2/api/push?${new URLSearchParams({ lang: "en", ticket })}`, {
    headers: { "x-device-no": newDeviceNo() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const stream = readEvents(res, POLL);
  return {
    ticks: () => stream.events.filter((event) => event.event === "tick").length,
    limitOrders: () =>
      stream.events
        .filter((event) => event.event === "limitOrder")
        .map((event) => limitOrderSchema.parse(JSON.parse(event.data))),
    async close() {
      controller.abort();
      await stream.pump;
    },
  };
}

describe("limit orders from the AI wallet on a local Uniswap v2", () => {
  it("sells once the market crosses and the pool honours the limit; waits while it does not", async () => {
    const alice = await trader(world, { eth: parseEther("5") });
    const placed = ok<LimitOrderAnswer>(await place(alice, sellEth(3100)));
    expect(placed).toMatchObject({
      status: "open",
      side: "sell",
      baseSymbol: "ETH",
      limitPrice: 3100,
      fromAmount: "1",
      swapOrderId: null,
      triggerPrice: null,
    });

    // the market below the limit: nothing happens
    await world.tick();
    expect(await orderOf(alice, placed.orderId)).toMatchObject({ status: "open", triggerPrice: null });

    // the market crosses, but the pool gives 1 ETH ≈ 2,990 TUSD, under 3,100 × (1 − 1%): the order waits, says why
    world.setPrice("ETH", 3150);
    await world.tick();
    expect(await orderOf(alice, placed.orderId)).toMatchObject({
      status: "open",
      statusReason: "slippageExceeded",
      triggerPrice: 3150,
    });
    expect(await sentCount(world, alice.address)).toBe(0);
    expect((await swapOrders(world, alice)).total).toBe(0);

    // someone buys ETH in the pool (1 ETH ≈ 3,600 TUSD now); within the minute after the refusal it is not retried
    await world.chain.movePrice({ from: world.chain.tusd, to: world.chain.weth, amountIn: tusd("300000") });
    await world.tick();
    expect(await orderOf(alice, placed.orderId)).toMatchObject({ status: "open", statusReason: "slippageExceeded" });

    world.clock.advance(61_000);
    const [tusdBefore, ethBefore] = [
      await world.chain.balanceOf(world.chain.tusd, alice.address),
      await world.chain.balanceOf(zeroAddress, alice.address),
    ];
    await world.tick();
    const done = await orderOf(alice, placed.orderId);
    expect(done).toMatchObject({ status: "completed", statusReason: null, triggerPrice: 3150 });
    expect(done.executedAt).not.toBeNull();
    const received = parseUnits(done.receivedAmount ?? "0", 6);
    expect(received).toBeGreaterThanOrEqual(tusd("3069"));
    expect(await world.chain.balanceOf(world.chain.tusd, alice.address)).toBe(tusdBefore + received);
    const ethAfter = await world.chain.balanceOf(zeroAddress, alice.address);
    expect(ethAfter).toBeLessThan(ethBefore - parseEther("1"));
    expect(ethAfter).toBeGreaterThan(ethBefore - parseEther("1.01"));
    // one swap transaction from the AI wallet, one swap order of type limit in the swap record
    expect(await sentCount(world, alice.address)).toBe(1);
    const swaps = await swapOrders(world, alice);
    expect(swaps.total).toBe(1);
    expect(swaps.lists[0]).toMatchObject({
      orderId: done.swapOrderId,
      type: "limit",
      status: "completed",
      fromAddress: alice.address,
      fromAmount: "1",
    });

    // the market stays past the limit: nothing more happens
    world.clock.advance(61_000);
    await world.tick();
    expect(await sentCount(world, alice.address)).toBe(1);
    expect((await swapOrders(world, alice)).total).toBe(1);
    const again = await post(world, alice, "/cancelLimitOrder", { orderId: placed.orderId });
    expect(refusal(again)).toEqual({ code: 1001, key: "limitOrderNotCancellable", field: "orderId" });
    expect(again.status).toBe(409);
  });

  it("a node that dies after storing the signed swap: after a restart the same transaction completes it, once", async () => {
    const bob = await trader(world, { eth: parseEther("5") });
    const placed = ok<LimitOrderAnswer>(await place(bob, sellEth(3100)));
    await world.dyingAfterStoring("swap", () => world.tick());
    // signed and stored, never broadcast
    expect(await orderOf(bob, placed.orderId)).toMatchObject({ status: "executing", triggerPrice: 3150 });
    expect(await sentCount(world, bob.address)).toBe(0);

    // an executing order is left to its run for a minute (another node may be executing it); then it is resumed
    world.clock.advance(61_000);
    await world.restart();
    const done = await orderOf(bob, placed.orderId);
    expect(done).toMatchObject({ status: "completed", statusReason: null });
    expect(parseUnits(done.receivedAmount ?? "0", 6)).toBeGreaterThanOrEqual(tusd("3069"));
    expect(await sentCount(world, bob.address)).toBe(1);

    world.clock.advance(61_000);
    await world.tick();
    expect(await sentCount(world, bob.address)).toBe(1);
    const swaps = await swapOrders(world, bob);
    expect(swaps.total).toBe(1);
    expect(swaps.lists[0]).toMatchObject({ orderId: done.swapOrderId, type: "limit", status: "completed" });
  });

  it("a node that dies after storing the approval: after a restart the order is open, then executes once", async () => {
    const carol = await trader(world, { eth: parseEther("1"), tusd: tusd("3000") });
    // buy ETH with 3,000 TUSD at 3,700 or below: at least 3,000 / 3,700 × (1 − 1%) ≈ 0.8027 ETH
    const placed = ok<LimitOrderAnswer>(
      await place(carol, {
        chainId: CHAIN_ID,
        side: "buy",
        fromToken: world.chain.tusd,
        toToken: NATIVE,
        amount: "3000",
        limitPrice: 3700,
        slippage: "1",
      }),
    );
    expect(placed).toMatchObject({ side: "buy", baseSymbol: "ETH", status: "open" });
    world.setPrice("ETH", 3650);
    await world.dyingAfterStoring("approve", () => world.tick());
    expect(await orderOf(carol, placed.orderId)).toMatchObject({ status: "executing" });
    expect(await sentCount(world, carol.address)).toBe(0);

    // nothing of the swap was signed: open again a minute on, the attempt's swap order cancelled
    world.clock.advance(61_000);
    await world.restart();
    expect(await orderOf(carol, placed.orderId)).toMatchObject({ status: "open", swapOrderId: null });
    expect(await sentCount(world, carol.address)).toBe(0);
    expect((await swapOrders(world, carol)).lists.map((order) => order.status)).toEqual(["cancelled"]);

    // the next tick executes it: the approval of exactly the amount, then the swap
    const ethBefore = await world.chain.balanceOf(zeroAddress, carol.address);
    await world.tick();
    const done = await orderOf(carol, placed.orderId);
    expect(done).toMatchObject({ status: "completed", triggerPrice: 3650 });
    const received = parseEther(done.receivedAmount ?? "0");
    expect(received).toBeGreaterThanOrEqual(parseEther("0.8027"));
    expect(await world.chain.balanceOf(world.chain.tusd, carol.address)).toBe(0n);
    expect(await world.chain.balanceOf(zeroAddress, carol.address)).toBeGreaterThan(ethBefore);
    expect(await sentCount(world, carol.address)).toBe(2);
    const swaps = await swapOrders(world, carol);
    const executed = swaps.lists.filter((order) => order.status !== "cancelled");
    expect(executed).toHaveLength(1);
    expect(executed[0]).toMatchObject({ orderId: done.swapOrderId, type: "limit", status: "completed" });
    expect(executed[0]?.approveHash).not.toBeNull();
  });

  it("two API nodes on one database sweep the same crossing: the order executes once", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const gina = await trader(world, { eth: parseEther("3") });
    const placed = ok<LimitOrderAnswer>(await place(gina, sellEth(3100)));
    const second = await startTestServer(world.srv.env, { clock: world.clock, timers: world.timers });
    try {
      await second.server.aiTrade.idle();
      // each node refreshes the market and sweeps its own tick (no Redis: each holds its own lease)
      await Promise.all([world.tick(), second.server.sources.check().then(() => second.server.aiTrade.idle())]);
    } finally {
      await second.stop();
    }
    expect(await orderOf(gina, placed.orderId)).toMatchObject({ status: "completed" });
    expect(await sentCount(world, gina.address)).toBe(1);
    expect((await swapOrders(world, gina)).total).toBe(1);
  });

  it("cancels an open order before execution; an order past its expiry expires; neither executes later", async () => {
    const dave = await trader(world, { eth: parseEther("3") });
    const kept = ok<LimitOrderAnswer>(await place(dave, sellEth(9000)));
    const short = ok<LimitOrderAnswer>(await place(dave, sellEth(9000, { expiresInDays: 1 })));
    expect(Date.parse(short.expiresAt) - world.clock.now().getTime()).toBe(DAY_MS);
    expect(Date.parse(kept.expiresAt) - world.clock.now().getTime()).toBe(7 * DAY_MS);

    const cancelled = ok<LimitOrderAnswer>(await post(world, dave, "/cancelLimitOrder", { orderId: kept.orderId }));
    expect(cancelled).toMatchObject({ orderId: kept.orderId, status: "cancelled" });
    const twice = await post(world, dave, "/cancelLimitOrder", { orderId: kept.orderId });
    expect(refusal(twice)).toEqual({ code: 1001, key: "limitOrderNotCancellable", field: "orderId" });

    world.clock.advance(DAY_MS);
    await world.tick();
    expect(await orderOf(dave, short.orderId)).toMatchObject({ status: "expired" });
    const late = await post(world, dave, "/cancelLimitOrder", { orderId: short.orderId });
    expect(refusal(late)).toEqual({ code: 1001, key: "limitOrderNotCancellable", field: "orderId" });

    // the market passes both limits: neither executes
    world.setPrice("ETH", 9500);
    await world.tick();
    const list = await limitOrders(world, dave);
    expect(list.map((order) => [order.orderId, order.status])).toEqual(
      expect.arrayContaining([
        [kept.orderId, "cancelled"],
        [short.orderId, "expired"],
      ]),
    );
    expect(await sentCount(world, dave.address)).toBe(0);
    world.setPrice("ETH", 3650);
    await world.tick();
  });

  it("refuses bad orders with their keys: visitors, no AI wallet, chain, tokens, amount, price, balance, limits", async () => {
    const erin = await trader(world, { eth: parseEther("2") });
    const valid = sellEth(20_000, { amount: "0.01" });

    // a visitor (4001) on every route
    for (const [path, body] of [
      ["/aiAccountLimitSwap", valid],
      ["/cancelLimitOrder", { orderId: "LO1" }],
    ] as const) {
      const res = await post(world, undefined, path, body);
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    }
    expect((await get(world, undefined, "/aiAccount/limitOrders")).json).toMatchObject({ code: 4001 });

    // an account without an AI wallet
    const walletless = { headers: await newAccountHeaders(world.srv, world.clock), address: zeroAddress };
    const missing = await place(walletless, valid);
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: 1001, data: { key: "aiWalletMissing" } });
    expect(await limitOrders(world, walletless)).toEqual([]);

    await expectRefusals(
      (body) => place(erin, body),
      [
        ...chainAndCoinRefusals(valid),
        { body: { ...valid, toToken: "0x1234" }, code: 1001, key: "invalidAddress", field: "toToken" },
        // more decimals than ETH has, nothing, not a number
        { body: { ...valid, amount: "0.0000000000000000001" }, code: 1001, key: "invalidValue", field: "amount" },
        { body: { ...valid, amount: "0" }, code: 1001, key: "invalidValue", field: "amount" },
        { body: { ...valid, amount: "1e3" }, code: 1001, key: "invalidValue", field: "amount" },
        { body: { ...valid, side: "hold" }, code: 1001, key: "invalidValue", field: "side" },
        { body: { ...valid, limitPrice: -1 }, code: 1001, key: "invalidValue", field: "limitPrice" },
        { body: { ...valid, slippage: "0" }, code: 1001, key: "slippageTooLow", field: "slippage" },
        { body: { ...valid, slippage: "51" }, code: 1001, key: "slippageTooHigh", field: "slippage" },
        { body: { ...valid, expiresInDays: 0 }, code: 1001, key: "invalidValue", field: "expiresInDays" },
        { body: { ...valid, expiresInDays: 91 }, code: 1001, key: "invalidValue", field: "expiresInDays" },
        // the watched coin (sold TTK; bought TTK) has no market price
        {
          body: { ...valid, fromToken: world.chain.ttk, toToken: world.chain.tusd },
          code: 1001,
          key: "limitNoMarketPrice",
          field: "fromToken",
        },
        {
          body: { ...valid, side: "buy", fromToken: world.chain.tusd, toToken: world.chain.ttk, limitPrice: 2 },
          code: 1001,
          key: "limitNoMarketPrice",
          field: "toToken",
        },
        // selling ETH for TTK: the limit's worth in TTK is unknown
        { body: { ...valid, toToken: world.chain.ttk }, code: 1001, key: "limitNoMarketPrice", field: "toToken" },
        // more than 100 times away from the market's 3,650
        { body: { ...valid, limitPrice: 3650 * 101 }, code: 1001, key: "limitPriceAbsurd", field: "limitPrice" },
        { body: { ...valid, limitPrice: 3650 / 101 }, code: 1001, key: "limitPriceAbsurd", field: "limitPrice" },
        // 10 ETH is 36,500 USD: above the daily limit alone
        { body: { ...valid, amount: "10" }, code: 331, key: "kycNeeded" },
        // more than the AI wallet holds
        { body: { ...valid, amount: "3" }, code: 1001, key: "Insufficientbalance", field: "amount" },
      ],
    );
    expect(await limitOrders(world, erin)).toEqual([]);

    // a retry with the same request id answers the first order
    const first = ok<LimitOrderAnswer>(await place(erin, { ...valid, requestId: "limit-retry-0001" }));
    const retry = ok<LimitOrderAnswer>(await place(erin, { ...valid, requestId: "limit-retry-0001" }));
    expect(retry.orderId).toBe(first.orderId);
    // up to LIMIT_ORDERS_OPEN_MAX open orders, then limitOrdersMax
    for (let i = 1; i < LIMIT_ORDERS_OPEN_MAX; i += 1) ok(await place(erin, valid));
    const full = await place(erin, valid);
    expect(full.status).toBe(409);
    expect(refusal(full)).toEqual({ code: 1001, key: "limitOrdersMax", field: undefined });
    expect(await limitOrders(world, erin)).toHaveLength(LIMIT_ORDERS_OPEN_MAX);

    // cancelling: an unknown order, another account's order
    const unknown = await post(world, erin, "/cancelLimitOrder", { orderId: "LO20300101000000ABCDEF12" });
    expect(unknown.status).toBe(404);
    expect(refusal(unknown)).toEqual({ code: 1001, key: "aiOrderNotFound", field: "orderId" });
    const frank = await trader(world, {});
    const others = await post(world, frank, "/cancelLimitOrder", { orderId: first.orderId });
    expect(refusal(others)).toEqual({ code: 1001, key: "aiOrderNotFound", field: "orderId" });
    expect(await orderOf(erin, first.orderId)).toMatchObject({ status: "open" });
    // once one is cancelled, one more may be placed
    ok(await post(world, erin, "/cancelLimitOrder", { orderId: first.orderId }));
    ok(await place(erin, valid));
  });
  it("tells the owner's open app when an order executes or expires; another account's stream hears nothing", async () => {
    const henry = await trader(world, { eth: parseEther("2") });
    const other = await trader(world, { eth: parseEther("1") });
    const mine = await pushStream(henry);
    const theirs = await pushStream(other);
    try {
      // both streams carry the market's ticks: they are open on the server
      world.setPrice("ETH", 3650);
      await world.tick();
      await expect.poll(() => Math.min(mine.ticks(), theirs.ticks()), POLL).toBeGreaterThanOrEqual(1);

      // sell 0.1 ETH at 3,000 or above while the market is at 3,650: the next tick executes it
      const executed = ok<LimitOrderAnswer>(await place(henry, sellEth(3000, { amount: "0.1" })));
      const waiting = ok<LimitOrderAnswer>(await place(henry, sellEth(9000, { amount: "0.1", expiresInDays: 1 })));
      await world.tick();
      await expect.poll(() => mine.limitOrders().length, POLL).toBe(1);
      expect(mine.limitOrders()[0]).toMatchObject({ orderId: executed.orderId, status: "completed" });
      expect(mine.limitOrders()[0]).toEqual(await orderOf(henry, executed.orderId));

      // a day later the other one expires, and the app hears of it too
      world.clock.advance(DAY_MS);
      await world.tick();
      await expect.poll(() => mine.limitOrders().length, POLL).toBe(2);
      expect(mine.limitOrders()[1]).toMatchObject({ orderId: waiting.orderId, status: "expired" });

      // the other account's stream carried the same ticks and none of the orders
      await expect.poll(() => theirs.ticks(), POLL).toBeGreaterThanOrEqual(mine.ticks());
      expect(theirs.limitOrders()).toEqual([]);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("a swap left unmined is replaced at its nonce after ten minutes: the order is open again, then executes once", async () => {
    const kim = await trader(world, { eth: parseEther("2") });
    world.setPrice("ETH", 3650);
    const placed = ok<LimitOrderAnswer>(await place(kim, sellEth(2500, { amount: "0.1" })));
    // the chain takes transactions into its pool and mines none
    await anvilRpc(world, "evm_setAutomine", [false]);
    try {
      await world.tick();
      const executing = await orderOf(kim, placed.orderId);
      expect(executing).toMatchObject({ status: "executing" });
      expect(await sentCount(world, kim.address)).toBe(0);
      const [sent] = (await swapOrders(world, kim)).lists;
      expect(sent).toMatchObject({ orderId: executing.swapOrderId, status: "pending" });
      const swapHash = sent?.transferOutHash as `0x${string}`;

      // within ten minutes the sweeps leave it waiting; past them a transfer at its nonce replaces it
      world.clock.advance(5 * 60_000);
      await world.srv.server.aiTrade.sweep();
      expect(await orderOf(kim, placed.orderId)).toMatchObject({ status: "executing" });
      world.clock.advance(6 * 60_000);
      await world.srv.server.aiTrade.sweep();
      expect(await orderOf(kim, placed.orderId)).toMatchObject({ status: "executing" });

      // a block: the replacement is mined, the swap is not
      await anvilRpc(world, "evm_mine");
      expect(await sentCount(world, kim.address)).toBe(1);
      await expect(world.chain.reader.getTransactionReceipt({ hash: swapHash })).rejects.toThrow();
      world.clock.advance(61_000);
      await world.srv.server.aiTrade.sweep();
      expect(await orderOf(kim, placed.orderId)).toMatchObject({
        status: "open",
        statusReason: "swapNotMined",
        swapOrderId: null,
      });
      expect((await swapOrders(world, kim)).lists[0]).toMatchObject({ status: "fail", statusReason: "swapNotMined" });
    } finally {
      await anvilRpc(world, "evm_setAutomine", [true]);
    }

    // a minute on the market still crosses: it executes, once
    world.clock.advance(61_000);
    await world.tick();
    const done = await orderOf(kim, placed.orderId);
    expect(done).toMatchObject({ status: "completed", statusReason: null });
    expect(await sentCount(world, kim.address)).toBe(2);
    const swaps = (await swapOrders(world, kim)).lists.map((order) => order.status);
    expect(swaps.sort()).toEqual(["completed", "fail"]);
  });

  it("a wallet with a transaction on its way: the next order waits (walletBusy) and runs a minute later", async () => {
    const lee = await trader(world, { eth: parseEther("2") });
    world.setPrice("ETH", 3650);
    const first = ok<LimitOrderAnswer>(await place(lee, sellEth(2500, { amount: "0.1" })));
    const second = ok<LimitOrderAnswer>(await place(lee, sellEth(2500, { amount: "0.1" })));
    await anvilRpc(world, "evm_setAutomine", [false]);
    try {
      await world.tick();
      const statuses = [await orderOf(lee, first.orderId), await orderOf(lee, second.orderId)];
      // one is sent and not mined; the other is not claimed again on every tick while it waits
      expect(statuses.map((order) => order.status).sort()).toEqual(["executing", "open"]);
      expect(statuses.find((order) => order.status === "open")?.statusReason).toBe("walletBusy");
      await world.tick();
      expect((await swapOrders(world, lee)).total).toBe(1);
      await anvilRpc(world, "evm_mine");
    } finally {
      await anvilRpc(world, "evm_setAutomine", [true]);
    }
    world.clock.advance(61_000);
    await world.tick();
    expect(await orderOf(lee, first.orderId)).toMatchObject({ status: "completed" });
    expect(await orderOf(lee, second.orderId)).toMatchObject({ status: "completed", statusReason: null });
    expect(await sentCount(world, lee.address)).toBe(2);
  });

  it("a quote refused for now (the pool answers nothing usable) sends the order back to open; it runs later", async () => {
    const mia = await trader(world, { eth: parseEther("2") });
    world.setPrice("ETH", 3650);
    const placed = ok<LimitOrderAnswer>(await place(mia, sellEth(2500, { amount: "0.1" })));
    world.proxy.tamper("eth_call", () => "0x");
    try {
      await world.tick();
    } finally {
      world.proxy.tamper("eth_call", undefined);
    }
    const waiting = await orderOf(mia, placed.orderId);
    expect(waiting.status).toBe("open");
    expect(["noQuotation", "insufficientLiquidity", "quoteServiceUnreachable"]).toContain(waiting.statusReason);
    expect(await sentCount(world, mia.address)).toBe(0);
    world.clock.advance(61_000);
    await world.tick();
    expect(await orderOf(mia, placed.orderId)).toMatchObject({ status: "completed" });
  });

  it(`placements at once at ${LIMIT_ORDERS_OPEN_MAX - 1} open orders: exactly one is accepted`, async () => {
    const ned = await trader(world, { eth: parseEther("1") });
    const valid = sellEth(20_000, { amount: "0.01" });
    for (let i = 1; i < LIMIT_ORDERS_OPEN_MAX; i += 1) ok(await place(ned, valid));
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(ned, valid)));
    expect(answers.filter((res) => res.json?.code === 200)).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.json?.code !== 200)) {
      expect(refusal(res)).toEqual({ code: 1001, key: "limitOrdersMax", field: undefined });
    }
    expect(await limitOrders(world, ned)).toHaveLength(LIMIT_ORDERS_OPEN_MAX);
  });

  it("the pool moves past the minimum between the quote and signing: the order is open again, nothing is sent", async () => {
    const olga = await trader(world, { eth: parseEther("2") });
    world.setPrice("ETH", 3650);
    const placed = ok<LimitOrderAnswer>(await place(olga, sellEth(2500, { amount: "0.1" })));
    await world.poolMovingBeforeSigning(parseEther("200"), () => world.tick());
    expect(await orderOf(olga, placed.orderId)).toMatchObject({ status: "open", statusReason: "slippageExceeded" });
    expect(await sentCount(world, olga.address)).toBe(0);
    expect((await swapOrders(world, olga)).lists.map((order) => order.status)).toEqual(["cancelled"]);
  });
});
