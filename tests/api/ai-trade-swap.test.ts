import { erc20Abi, parseEther, parseUnits, zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import {
  anvilRpc,
  CHAIN_ID,
  chainAndCoinRefusals,
  DAILY_LIMIT_USD,
  expectRefusals,
  NATIVE,
  ok,
  post,
  refusal,
  route,
  type SwapOrderAnswer,
  sentCount,
  swapOrders,
  trader,
  tradeWorldForTests,
  tusd,
} from "./ai-trade-harness.ts";
import { call, createTestDatabase, startTestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

/**
 * Market swaps from the AI wallet (issue 17, spec §7 aiAccountSwap) on a local Uniswap v2: quoted and opened by the
 * swap module for the AI wallet, signed and sent by the server at once (the approval of exactly the amount first
 * when needed), followed to completed; once per request id; a node that dies between storing the signed swap and
 * sending it leaves an order that a restarted node completes with the same transaction; the refusals.
 */

const world = tradeWorldForTests();

/** how often the AI wallet's sweeps run without a tick (SWAP_STATUS_SECONDS' default) */
const SWEEP_MS = 15_000;
const swap = route(world, "/aiAccountSwap");
/** a trader with 2 ETH whose swap of `eth` ETH for TUSD was stored signed and never sent: the node died first */
async function unsentSwap(eth: string) {
  const who = await trader(world, { eth: parseEther("2") });
  const order = await world.dyingAfterStoring("swap", async () =>
    ok<SwapOrderAnswer>(
      await swap(who, { chainId: CHAIN_ID, fromToken: NATIVE, toToken: world.chain.tusd, amount: eth }),
    ),
  );
  return { who, order };
}
/** the order's swap once the chain mined it (anvil mines a moment after it answers a broadcast) */
const minedSwap = (order: SwapOrderAnswer) =>
  world.chain.reader.waitForTransactionReceipt({ hash: order.transferOutHash as `0x${string}`, pollingInterval: 20 });
const allowance = (owner: `0x${string}`) =>
  world.chain.reader.readContract({
    address: world.chain.tusd,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, world.chain.router],
  });

describe("market swaps from the AI wallet on a local Uniswap v2", () => {
  it("ETH → TUSD: sent at once, one transaction, the order completed with what arrived", async () => {
    const alice = await trader(world, { eth: parseEther("3") });
    const ethBefore = await world.chain.balanceOf(zeroAddress, alice.address);
    const order = ok<SwapOrderAnswer>(
      await swap(alice, {
        chainId: CHAIN_ID,
        fromToken: NATIVE,
        toToken: world.chain.tusd,
        amount: "1",
        slippage: "1",
      }),
    );
    expect(order).toMatchObject({
      type: "market",
      status: "completed",
      fromAddress: alice.address,
      fromAmount: "1",
      approveHash: null,
    });
    expect(order.transferOutHash).toMatch(/^0x[0-9a-f]{64}$/);
    const received = parseUnits(order.receivedAmount ?? "0", 6);
    expect(received).toBeGreaterThanOrEqual(parseUnits(order.toAmountMin, 6));
    expect(await world.chain.balanceOf(world.chain.tusd, alice.address)).toBe(received);
    const receipt = await world.chain.reader.getTransactionReceipt({ hash: order.transferOutHash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(alice.address.toLowerCase());
    expect(await world.chain.balanceOf(zeroAddress, alice.address)).toBe(
      ethBefore - parseEther("1") - receipt.gasUsed * receipt.effectiveGasPrice,
    );
    expect(await sentCount(world, alice.address)).toBe(1);
    const record = await swapOrders(world, alice);
    expect(record.total).toBe(1);
    expect(record.lists[0]).toMatchObject({ orderId: order.orderId, type: "market", status: "completed" });
  });

  it("TUSD → TTK: the approval of exactly the amount, then the swap", async () => {
    const bob = await trader(world, { eth: parseEther("1"), tusd: tusd("1500") });
    const order = ok<SwapOrderAnswer>(
      await swap(bob, { chainId: CHAIN_ID, fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "1000" }),
    );
    expect(order).toMatchObject({ status: "completed", fromAmount: "1000" });
    expect(order.approveHash).toMatch(/^0x[0-9a-f]{64}$/);
    const approval = await world.chain.reader.getTransaction({ hash: order.approveHash as `0x${string}` });
    expect(approval.to?.toLowerCase()).toBe(world.chain.tusd.toLowerCase());
    // the allowance was the amount, and the swap used all of it
    expect(await allowance(bob.address)).toBe(0n);
    expect(await world.chain.balanceOf(world.chain.tusd, bob.address)).toBe(tusd("500"));
    expect(await world.chain.balanceOf(world.chain.ttk, bob.address)).toBe(parseEther(order.receivedAmount ?? "0"));
    expect(await sentCount(world, bob.address)).toBe(2);
  });

  it("a retry with the same request id answers the first order and sends nothing again", async () => {
    const carol = await trader(world, { eth: parseEther("2") });
    const body = {
      chainId: CHAIN_ID,
      fromToken: NATIVE,
      toToken: world.chain.ttk,
      amount: "0.1",
      requestId: "ai-swap-0001",
    };
    // two at once: one order, one transaction
    const [a, b] = await Promise.all([swap(carol, body), swap(carol, body)]);
    const first = ok<SwapOrderAnswer>(a);
    expect(ok<SwapOrderAnswer>(b).orderId).toBe(first.orderId);
    const again = ok<SwapOrderAnswer>(await swap(carol, body));
    expect(again).toMatchObject({ orderId: first.orderId, status: "completed" });
    expect(await sentCount(world, carol.address)).toBe(1);
    expect((await swapOrders(world, carol)).total).toBe(1);
  });

  it("a node that dies after storing the signed swap: a restarted node sends the same transaction, once", async () => {
    const { who: dave, order } = await unsentSwap("0.5");
    // stored with its hash, not on chain
    expect(order.status).toBe("pending");
    expect(order.transferOutHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await sentCount(world, dave.address)).toBe(0);

    // a run in a request is left alone for a minute; a restarted node then sends the stored bytes
    world.clock.advance(61_000);
    await world.restart();
    const status = ok<SwapOrderAnswer>(await post(world, dave, "/getOrderStatus", { orderId: order.orderId }));
    expect(status).toMatchObject({ status: "completed", transferOutHash: order.transferOutHash });
    expect(await sentCount(world, dave.address)).toBe(1);
    await world.srv.server.aiTrade.sweep();
    expect(await sentCount(world, dave.address)).toBe(1);
    expect((await swapOrders(world, dave)).total).toBe(1);
  });

  it("a swap left unsent is finished on the AI wallet's sweep timer while the market feed stands still", async () => {
    const { who: hana, order } = await unsentSwap("0.2");
    expect(order.status).toBe("pending");
    expect(await sentCount(world, hana.address)).toBe(0);

    // a minute on, no market tick comes: the sweep timer alone sends the stored transaction
    world.clock.advance(61_000);
    world.timers.advance(SWEEP_MS);
    await world.srv.server.aiTrade.idle();
    // the sweep that sent it may look for its receipt before the node has mined it (as on any chain): once it is
    // mined, the order is completed by that sweep or the next
    await minedSwap(order);
    expect(await sentCount(world, hana.address)).toBe(1);
    world.clock.advance(61_000);
    await world.srv.server.aiTrade.sweep();
    const status = ok<SwapOrderAnswer>(await post(world, hana, "/getOrderStatus", { orderId: order.orderId }));
    expect(status).toMatchObject({ status: "completed", transferOutHash: order.transferOutHash });
  });

  it("a stored swap past its router deadline is never sent: a transfer at its nonce cancels it, nothing is swapped", async () => {
    const { who: ivy, order } = await unsentSwap("0.5");
    expect(order.status).toBe("pending");
    const swapHash = order.transferOutHash as `0x${string}`;

    // 21 minutes on, for the server and the chain: the router's 20-minute deadline has passed
    world.clock.advance(21 * 60_000);
    await anvilRpc(world, "evm_increaseTime", [21 * 60]);
    await anvilRpc(world, "evm_mine");
    await world.srv.server.aiTrade.sweep();
    const status = ok<SwapOrderAnswer>(await post(world, ivy, "/getOrderStatus", { orderId: order.orderId }));
    expect(status).toMatchObject({ status: "fail", statusReason: "swapNotMined", transferOutHash: swapHash });
    // one transaction took the nonce: the transfer to itself; the swap never reached the chain
    expect(await sentCount(world, ivy.address)).toBe(1);
    await expect(world.chain.reader.getTransaction({ hash: swapHash })).rejects.toThrow();
    expect(await world.chain.balanceOf(world.chain.tusd, ivy.address)).toBe(0n);
    expect(await world.chain.balanceOf(zeroAddress, ivy.address)).toBeGreaterThan(parseEther("1.99"));

    world.clock.advance(61_000);
    await world.srv.server.aiTrade.sweep();
    expect(await sentCount(world, ivy.address)).toBe(1);
    expect((await swapOrders(world, ivy)).lists[0]).toMatchObject({ status: "fail", statusReason: "swapNotMined" });
  });

  it("a node lagging behind on receipts cannot fail a mined swap: the nonce used without a receipt must hold twice", async () => {
    const { who: jay, order } = await unsentSwap("0.2");
    const status = async () =>
      ok<SwapOrderAnswer>(await post(world, jay, "/getOrderStatus", { orderId: order.orderId })).status;
    // the server's node answers no receipt for any transaction (it lags behind the chain)
    world.proxy.tamper("eth_getTransactionReceipt", () => null);
    try {
      world.clock.advance(61_000);
      await world.srv.server.aiTrade.sweep();
      // the stored swap was sent and mined; the server cannot see it yet
      await minedSwap(order);
      expect(await sentCount(world, jay.address)).toBe(1);
      expect(await status()).toBe("pending");
      // its nonce is used and no receipt is found: one sweep alone does not call it lost
      world.clock.advance(61_000);
      await world.srv.server.aiTrade.sweep();
      expect(await status()).toBe("pending");
    } finally {
      world.proxy.tamper("eth_getTransactionReceipt", undefined);
    }
    // the node has caught up by the next sweep: completed, once
    world.clock.advance(61_000);
    await world.srv.server.aiTrade.sweep();
    expect(await status()).toBe("completed");
    expect(await sentCount(world, jay.address)).toBe(1);
  });

  it("a run that stops before its swap is signed fails the order: nothing is swapped, then or later", async () => {
    const gina = await trader(world, { eth: parseEther("1"), tusd: tusd("100") });
    const body = {
      chainId: CHAIN_ID,
      fromToken: world.chain.tusd,
      toToken: world.chain.ttk,
      amount: "100",
      requestId: "ai-swap-unsent-01",
    };
    const res = await world.dyingAfterStoring("approve", () => swap(gina, body));
    expect(res.status).toBe(502);
    expect(refusal(res)).toEqual({ code: 1001, key: "rpcUnavailable", field: undefined });
    const [order] = (await swapOrders(world, gina)).lists;
    expect(order).toMatchObject({ type: "market", status: "fail" });
    // a retry with the same request id answers the same error, not the failed order as a success
    const retry = await swap(gina, body);
    expect(retry.status).toBe(502);
    expect(refusal(retry)).toEqual({ code: 1001, key: "rpcUnavailable", field: undefined });
    expect((await swapOrders(world, gina)).total).toBe(1);
    world.clock.advance(61_000);
    await world.srv.server.aiTrade.sweep();
    expect((await swapOrders(world, gina)).lists[0]).toMatchObject({ status: "fail" });
    expect(await sentCount(world, gina.address)).toBe(0);
    expect(await world.chain.balanceOf(world.chain.tusd, gina.address)).toBe(tusd("100"));
  });

  it(`answers 331 (kycNeeded) past ${DAILY_LIMIT_USD} USD a UTC day; nothing is sent`, async () => {
    const erin = await trader(world, { eth: parseEther("1"), tusd: tusd("30000") });
    const res = await swap(erin, {
      chainId: CHAIN_ID,
      fromToken: world.chain.tusd,
      toToken: world.chain.ttk,
      amount: String(DAILY_LIMIT_USD + 1),
    });
    expect(res.json).toMatchObject({ code: 331, data: { key: "kycNeeded" } });
    expect(await sentCount(world, erin.address)).toBe(0);
    expect((await swapOrders(world, erin)).total).toBe(0);
  });

  it("refuses: a visitor, an account without an AI wallet, bad input, more than the wallet holds", async () => {
    const valid = { chainId: CHAIN_ID, fromToken: NATIVE, toToken: world.chain.tusd, amount: "0.1" };
    const visitor = await swap(undefined, valid);
    expect(visitor.status).toBe(401);
    expect(visitor.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });

    const walletless = { headers: await newAccountHeaders(world.srv, world.clock), address: zeroAddress };
    const missing = await swap(walletless, valid);
    expect(missing.status).toBe(404);
    expect(refusal(missing)).toEqual({ code: 1001, key: "aiWalletMissing", field: undefined });

    const frank = await trader(world, { eth: parseEther("1") });
    await expectRefusals(
      (body) => swap(frank, body),
      [
        ...chainAndCoinRefusals(valid),
        { body: { ...valid, amount: "-1" }, code: 1001, key: "invalidValue", field: "amount" },
        { body: { ...valid, fromToken: "ETH" }, code: 1001, key: "invalidAddress", field: "fromToken" },
        { body: { ...valid, slippage: "60" }, code: 1001, key: "slippageTooHigh", field: "slippage" },
        { body: { ...valid, amount: "5" }, code: 1001, key: "Insufficientbalance", field: "fromAddress" },
      ],
    );
    expect(await sentCount(world, frank.address)).toBe(0);
    expect((await swapOrders(world, frank)).total).toBe(0);
  });

  it("without a master key the AI wallet is unavailable, said plainly", async () => {
    const db = await createTestDatabase();
    const env = { ...world.srv.env, ...db.env, AI_WALLET_MASTER_KEY: "" };
    const srv = await startTestServer(env, { clock: world.clock });
    try {
      const headers = await newAccountHeaders(srv, world.clock);
      const body = { chainId: CHAIN_ID, fromToken: NATIVE, toToken: world.chain.tusd, amount: "0.1" };
      for (const path of ["/aiAccountSwap", "/aiAccountLimitSwap"]) {
        const res = await call(srv.url, path, {
          headers,
          body: path === "/aiAccountSwap" ? body : { ...body, side: "sell", limitPrice: 3000 },
        });
        expect(res.status).toBe(409);
        expect(refusal(res)).toEqual({ code: 1001, key: "aiWalletUnavailable", field: undefined });
      }
    } finally {
      await srv.stop();
      await db.drop();
    }
  });

  it("the pool moves past the minimum between the quote and signing: slippageExceeded, nothing is signed or sent", async () => {
    const kay = await trader(world, { eth: parseEther("2") });
    // someone sells much ETH into the pool just before the server signs
    const res = await world.poolMovingBeforeSigning(parseEther("100"), () =>
      swap(kay, { chainId: CHAIN_ID, fromToken: NATIVE, toToken: world.chain.tusd, amount: "0.5" }),
    );
    expect(res.status).toBe(409);
    expect(refusal(res)).toEqual({ code: 1001, key: "slippageExceeded", field: undefined });
    expect((await swapOrders(world, kay)).lists[0]).toMatchObject({ status: "fail", statusReason: "slippageExceeded" });
    expect(await sentCount(world, kay.address)).toBe(0);
  });
});
