import {
  createTestClient,
  decodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./harness.ts";
import {
  DAILY_LIMIT_USD,
  dataOf,
  mined,
  NATIVE,
  openOrder,
  paid,
  post,
  quote,
  quoteCall,
  report,
  SWAP_CHAIN_ID,
  type SwapUser,
  type SwapWorld,
  send,
  startSwapWorld,
  swapUser,
} from "./swap-harness.ts";

/**
 * Swap orders end to end on a local chain (issue 16): a user quotes, opens the order, sends the approval and the
 * swap from their own wallet, reports the hashes, and the server follows the order to its final status from the
 * chain; a swap the price moved away from reverts and fails with slippageExceeded, nothing swapped.
 */

let world: SwapWorld;

beforeAll(async () => {
  world = await startSwapWorld();
}, 180_000);
afterAll(async () => {
  await world?.stop();
});

const tusd = (amount: string) => parseUnits(amount, 6);
const balance = (token: string, user: SwapUser) => world.chain.balanceOf(token as `0x${string}`, user.address);
/** the wallet's TUSD as getWalletAssets shows it beside the token picker */
const shownTusd = async (user: SwapUser) => {
  const res = await call(world.srv.url, `/getWalletAssets?address=${user.address}&chainId=${SWAP_CHAIN_ID}`);
  const assets = dataOf<{ assets: { symbol: string; balance: string }[] }>(res).assets;
  return assets.find((asset) => asset.symbol === "TUSD")?.balance;
};
const status = async (user: SwapUser, orderId: string) =>
  dataOf<{ status: string } & Record<string, unknown>>(await post(world, user, "/getOrderStatus", { orderId }));

describe("swap orders on a local Uniswap v2", () => {
  it("TUSD → TTK: approval of exactly the amount, then the swap; the order completes with what arrived", async () => {
    const user = await swapUser(world, { tusd: tusd("5000") });
    const q = await quote(world, user, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "1000" });
    expect(q).toMatchObject({
      source: "Uniswap v2",
      fromAmount: "1000",
      approval: { spender: world.chain.router, amount: "1000000000" },
      fromToken: { symbol: "TUSD", decimals: 6 },
      toToken: { symbol: "TTK", decimals: 18 },
      warnings: [],
    });
    // 1 TTK = 2 TUSD in the pool, less its 0.3% fee and the price impact
    expect(Number(q.rate)).toBeGreaterThan(0.49);
    expect(Number(q.rate)).toBeLessThan(0.5);

    const { order, approveTx, swapTx } = await openOrder(world, user, q.quoteId);
    expect(order).toMatchObject({ status: "awaiting_deposit", fromAmount: "1000", toAmountMin: q.toAmountMin });
    expect(approveTx?.to).toBe(getAddress(world.chain.tusd));
    const approval = decodeFunctionData({ abi: erc20Abi, data: approveTx?.data ?? "0x" });
    expect(approval).toEqual({ functionName: "approve", args: [world.chain.router, tusd("1000")] });
    expect(swapTx.to).toBe(world.chain.router);

    const [tusdBefore, ttkBefore] = [await balance(world.chain.tusd, user), await balance(world.chain.ttk, user)];
    expect(await shownTusd(user)).toBe("5000");
    if (!approveTx) throw new Error("an approval was expected");
    const approveHash = await send(world, user, approveTx);
    await mined(world, approveHash);
    expect(await report(world, user, order.orderId, approveHash, "approve")).toMatchObject({
      status: "awaiting_deposit",
      approveHash,
    });

    const swapHash = await send(world, user, swapTx);
    expect((await mined(world, swapHash)).status).toBe("success");
    const done = await report(world, user, order.orderId, swapHash, "swap");
    expect(done).toMatchObject({ status: "completed", transferOutHash: swapHash, transferInHash: swapHash });
    const received = parseUnits(done.receivedAmount ?? "0", 18);
    expect(received).toBeGreaterThanOrEqual(parseUnits(q.toAmountMin, 18));
    expect(await balance(world.chain.tusd, user)).toBe(tusdBefore - tusd("1000"));
    expect(await balance(world.chain.ttk, user)).toBe(ttkBefore + received);
    // the balances beside the picker show the swap at once, not after the balance cache's time
    expect(await shownTusd(user)).toBe("4000");

    // the record, newest first; a sent order cannot be cancelled
    const list = await post(world, user, "/getSwapOrders", { page: 1, pageNum: 20 });
    expect(list.json).toMatchObject({
      code: 200,
      data: { total: 1, lists: [{ orderId: order.orderId, status: "completed" }] },
    });
    const cancel = await post(world, user, "/swap/cancelOrder", { orderId: order.orderId });
    expect(cancel.json).toMatchObject({ code: 1001, data: { key: "orderNotCancellable" } });
  });

  it("ETH → TTK needs no approval; TTK → ETH counts the ETH that arrived", async () => {
    const user = await swapUser(world);
    const buy = await quote(world, user, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "0.5" });
    expect(buy.approval).toBeNull();
    const opened = await openOrder(world, user, buy.quoteId);
    expect(opened.approveTx).toBeNull();
    expect(opened.swapTx.value).toBe(parseEther("0.5").toString());
    const ttkBefore = await balance(world.chain.ttk, user);
    const hash = await send(world, user, opened.swapTx);
    await mined(world, hash);
    const bought = await report(world, user, opened.order.orderId, hash, "swap");
    expect(bought.status).toBe("completed");
    const got = parseUnits(bought.receivedAmount ?? "0", 18);
    expect(got).toBeGreaterThanOrEqual(parseUnits(buy.toAmountMin, 18));
    expect(await balance(world.chain.ttk, user)).toBe(ttkBefore + got);

    const sell = await quote(world, user, { fromToken: world.chain.ttk, toToken: NATIVE, amount: "100" });
    const { order, approveTx, swapTx } = await openOrder(world, user, sell.quoteId);
    const ethBefore = await balance(zeroAddress, user);
    if (!approveTx) throw new Error("an approval was expected");
    const approveReceipt = await mined(world, await send(world, user, approveTx));
    const swapHash = await send(world, user, swapTx);
    const swapReceipt = await mined(world, swapHash);
    const sold = await report(world, user, order.orderId, swapHash, "swap");
    expect(sold.status).toBe("completed");
    const eth = parseEther(sold.receivedAmount ?? "0");
    expect(eth).toBeGreaterThanOrEqual(parseEther(sell.toAmountMin));
    expect(await balance(zeroAddress, user)).toBe(ethBefore + eth - paid(approveReceipt) - paid(swapReceipt));
  });

  it("a swap the price moved away from reverts: fail with slippageExceeded, the tokens untouched (gas spent only)", async () => {
    const user = await swapUser(world, { tusd: tusd("1000") });
    const q = await quote(world, user, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "1000" });
    const { order, approveTx, swapTx } = await openOrder(world, user, q.quoteId);
    if (!approveTx) throw new Error("an approval was expected");
    const ethBefore = await balance(zeroAddress, user);
    const approveReceipt = await mined(world, await send(world, user, approveTx));
    // someone buys TTK first: the pool gives far less than the minimum now
    await world.chain.movePrice({ from: world.chain.tusd, to: world.chain.ttk, amountIn: tusd("200000") });
    // the wallet's own estimate would refuse it; the user insists with a gas limit of their own
    const swapHash = await send(world, user, swapTx, 300_000n);
    const swapReceipt = await mined(world, swapHash);
    expect(swapReceipt.status).toBe("reverted");
    const failed = await report(world, user, order.orderId, swapHash, "swap");
    expect(failed).toMatchObject({ status: "fail", statusReason: "slippageExceeded", receivedAmount: null });
    expect(await balance(world.chain.tusd, user)).toBe(tusd("1000"));
    expect(await balance(world.chain.ttk, user)).toBe(0n);
    expect(await balance(zeroAddress, user)).toBe(ethBefore - paid(approveReceipt) - paid(swapReceipt));
  });

  it("a swap still in the mempool is pending; the tracker completes it once mined", async () => {
    const user = await swapUser(world);
    const q = await quote(world, user, { fromToken: NATIVE, toToken: world.chain.tusd, amount: "0.1" });
    const { order, swapTx } = await openOrder(world, user, q.quoteId);
    const control = createTestClient({
      mode: "anvil",
      chain: world.chain.chain,
      transport: http(world.chain.anvil.url),
    });
    await control.setAutomine(false);
    try {
      const hash = await send(world, user, swapTx);
      expect(await report(world, user, order.orderId, hash, "swap")).toMatchObject({ status: "pending" });
      await control.mine({ blocks: 1 });
    } finally {
      await control.setAutomine(true);
    }
    // the next sweep, SWAP_STATUS_SECONDS later, finds it mined
    world.clock.advance(15_000);
    await world.srv.server.swaps.sweep();
    expect(await status(user, order.orderId)).toMatchObject({ status: "completed" });
  });

  it("a hash that is not the order's swap is refused (swapTxMismatch)", async () => {
    const user = await swapUser(world, { tusd: tusd("10") });
    const q = await quote(world, user, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: "10" });
    const { order, approveTx } = await openOrder(world, user, q.quoteId);
    if (!approveTx) throw new Error("an approval was expected");
    const approveHash = await send(world, user, approveTx);
    await mined(world, approveHash);
    const res = await post(world, user, "/swap/addTransData", {
      orderId: order.orderId,
      hash: approveHash,
      kind: "swap",
    });
    expect(res.json).toMatchObject({ code: 1001, data: { field: "hash", key: "swapTxMismatch" } });
  });

  it("an indicative quote (no wallet) becomes an order that sends the bought tokens to another wallet", async () => {
    const user = await swapUser(world);
    const friend = await swapUser(world);
    const indicative = await quoteCall(world, { fromToken: NATIVE, toToken: world.chain.tusd, amount: "0.2" }, user);
    const q = dataOf<{ quote: { quoteId: string; toAmountMin: string } }>(indicative).quote;
    // the receive address is checked now: a contract is refused
    const toContract = await post(world, user, "/swap/getSwapData", {
      quoteId: q.quoteId,
      fromAddress: user.address,
      toAddress: world.chain.weth,
    });
    expect(toContract.json).toMatchObject({ code: 3001, data: { field: "toAddress", key: "exchangeAddress" } });

    const { order, swapTx } = await openOrder(world, user, q.quoteId, { toAddress: friend.address });
    expect(order).toMatchObject({ fromAddress: user.address, toAddress: friend.address });
    const before = await balance(world.chain.tusd, friend);
    const hash = await send(world, user, swapTx);
    await mined(world, hash);
    const done = await report(world, user, order.orderId, hash, "swap");
    expect(done.status).toBe("completed");
    const received = parseUnits(done.receivedAmount ?? "0", 6);
    expect(received).toBeGreaterThanOrEqual(parseUnits(q.toAmountMin, 6));
    expect(await balance(world.chain.tusd, friend)).toBe(before + received);
  });

  it("a retried getSwapData with the same request id answers the first order", async () => {
    const user = await swapUser(world);
    const q = await quote(world, user, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "0.01" });
    const first = await openOrder(world, user, q.quoteId, { requestId: "retry-key-0001" });
    const again = await openOrder(world, user, q.quoteId, { requestId: "retry-key-0001" });
    expect(again.order.orderId).toBe(first.order.orderId);
    expect(again.swapTx).toEqual(first.swapTx);
    const list = await post(world, user, "/getSwapOrders", { page: 1, pageNum: 20 });
    expect(list.json?.data).toMatchObject({ total: 1 });
  });

  it(`answers 331 (kycNeeded) past ${DAILY_LIMIT_USD} USD swapped in a UTC day`, async () => {
    const user = await swapUser(world, { tusd: tusd("30000") });
    const half = String((DAILY_LIMIT_USD * 3) / 4);
    const first = await quote(world, user, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: half });
    await openOrder(world, user, first.quoteId);
    const second = await quote(world, user, { fromToken: world.chain.tusd, toToken: world.chain.ttk, amount: half });
    const res = await post(world, user, "/swap/getSwapData", { quoteId: second.quoteId, fromAddress: user.address });
    expect(res.json).toMatchObject({ code: 331, data: { key: "kycNeeded" } });
  });

  it("refuses what is not the caller's: a visitor (4001), another wallet, another account's order", async () => {
    const owner = await swapUser(world);
    const q = await quote(world, owner, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "0.01" });
    const visitor = await post(world, undefined, "/swap/getSwapData", {
      quoteId: q.quoteId,
      fromAddress: owner.address,
    });
    expect(visitor.json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
    const other = await swapUser(world);
    const wrongWallet = await post(world, owner, "/swap/getSwapData", {
      quoteId: q.quoteId,
      fromAddress: other.address,
    });
    expect(wrongWallet.json).toMatchObject({ code: 1001, data: { field: "fromAddress", key: "addressMismatch" } });

    const { order } = await openOrder(world, owner, q.quoteId);
    for (const [path, body] of [
      ["/getOrderStatus", { orderId: order.orderId }],
      ["/swap/cancelOrder", { orderId: order.orderId }],
      ["/swap/addTransData", { orderId: order.orderId, hash: `0x${"12".repeat(32)}`, kind: "swap" }],
    ] as const) {
      const res = await post(world, other, path, body);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "orderId", key: "orderNotFound" } });
    }
    expect((await post(world, owner, "/swap/cancelOrder", { orderId: order.orderId })).json).toMatchObject({
      code: 200,
      data: { status: "cancelled" },
    });
  });

  it("a quote expires after SWAP_QUOTE_TTL_SECONDS; an order never sent times out", async () => {
    const user = await swapUser(world);
    const q = await quote(world, user, { fromToken: NATIVE, toToken: world.chain.ttk, amount: "0.01" });
    const { order } = await openOrder(world, user, q.quoteId);
    world.clock.set(new Date(q.expiresAt));
    const expired = await post(world, user, "/swap/getSwapData", { quoteId: q.quoteId, fromAddress: user.address });
    expect(expired.json).toMatchObject({ code: 1001, data: { field: "quoteId", key: "quoteExpired" } });

    world.clock.advance(30 * 60_000);
    world.timers.advance(15_000);
    await world.srv.server.swaps.sweep();
    expect(await status(user, order.orderId)).toMatchObject({ status: "timeout", statusReason: "txNotFound" });
  });
});
