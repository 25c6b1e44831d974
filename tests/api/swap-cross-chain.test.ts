import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  parseEther,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/server/providers/clock.ts";
import {
  LIFI_DIAMOND,
  type LifiStatusOptions,
  lifiQuoteReply,
  lifiStatusReply,
} from "../../src/server/providers/swap/stand-ins/lifi.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { type Anvil, startAnvil } from "./anvil.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";
import { dataOf, NATIVE, type OrderAnswer, type TxAnswer } from "./swap-harness.ts";

/**
 * A swap across chains through the cross-chain aggregator (LI.FI, SWAP_SOURCES=lifi) on a loopback stand-in that
 * answers in LI.FI's documented shapes: the user's wallet sends the transaction on the sending chain (anvil as
 * chain 10, through CHAIN_RPC_URL_10), the order is exchanging once it is mined, and the bridge's status decides
 * the rest: DONE completes it with the receiving chain's hash and amount, FAILED fails it, REFUNDED ends in
 * refund_completed. The integrator fee is taken and shown.
 */

const FROM_CHAIN = 10;
const TO_CHAIN = 8453;
const FEE_RECIPIENT = getAddress("0x00000000000000000000000000000000000fee01");

let from: Anvil;
let to: Anvil;
let standIn: StandIn;
let db: TestDatabase;
let srv: TestServer;
const clock = manualClock(new Date());
let bridge: LifiStatusOptions = { status: "PENDING" };

beforeAll(async () => {
  [from, to] = await Promise.all([startAnvil(FROM_CHAIN), startAnvil(TO_CHAIN)]);
  standIn = await startStandIn((request) => {
    if (request.path === "/v1/quote") return lifiQuoteReply(request, { rate: { numerator: 1n, denominator: 1n } });
    if (request.path === "/v1/status") return lifiStatusReply(request, bridge);
    return undefined;
  });
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      SWAP_SOURCES: "lifi",
      SWAP_LIFI_URL: `${standIn.url}/v1`,
      SWAP_FEE_BPS: "30",
      SWAP_FEE_RECIPIENT: FEE_RECIPIENT,
      [`CHAIN_RPC_URL_${FROM_CHAIN}`]: from.url,
      [`CHAIN_RPC_URL_${TO_CHAIN}`]: to.url,
    },
    { clock, timers: manualTimers() },
  );
}, 120_000);
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await standIn?.close();
  await Promise.all([from?.stop(), to?.stop()]);
});

async function user() {
  const account = privateKeyToAccount(generatePrivateKey());
  const chain = defineChain({
    id: FROM_CHAIN,
    name: "sending chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [from.url] } },
  });
  await createTestClient({ mode: "anvil", chain, transport: http(from.url) }).setBalance({
    address: account.address,
    value: parseEther("10"),
  });
  const wallet = createWalletClient({ account, chain, transport: http(from.url) });
  return { account, wallet, headers: await newAccountHeaders(srv, clock) };
}
type User = Awaited<ReturnType<typeof user>>;

const post = (u: User, path: string, body: unknown) => call(srv.url, path, { headers: u.headers, body });

/** quotes 0.1 ETH from chain 10 to chain 8453, opens the order and sends its transaction; the order as reported */
async function bridgeOrder(u: User): Promise<OrderAnswer> {
  const params = new URLSearchParams({
    fromChainId: String(FROM_CHAIN),
    toChainId: String(TO_CHAIN),
    fromToken: NATIVE,
    toToken: NATIVE,
    amount: "0.1",
    fromAddress: u.account.address,
  });
  const quoted = await call(srv.url, `/swap/getQuoteData?${params}`, { headers: u.headers });
  expect(quoted.json, quoted.text).toMatchObject({
    code: 200,
    data: {
      quote: {
        source: "LI.FI",
        fee: { bps: 30, amount: "0.0003" },
        approval: null,
        route: expect.arrayContaining([expect.objectContaining({ type: "bridge", toChainId: TO_CHAIN })]),
      },
    },
  });
  const quoteId = dataOf<{ quote: { quoteId: string } }>(quoted).quote.quoteId;
  const opened = await post(u, "/swap/getSwapData", { quoteId, fromAddress: u.account.address });
  expect(opened.json, opened.text).toMatchObject({ code: 200 });
  const { order, swapTx } = dataOf<{ order: OrderAnswer; swapTx: TxAnswer }>(opened);
  expect(swapTx).toMatchObject({
    chainId: FROM_CHAIN,
    to: getAddress(LIFI_DIAMOND),
    value: parseEther("0.1").toString(),
  });
  const hash = await u.wallet.sendTransaction({
    to: swapTx.to,
    data: swapTx.data,
    value: BigInt(swapTx.value),
    ...(swapTx.gas !== null && { gas: BigInt(swapTx.gas) }),
  });
  // reported once mined, as a wallet does after its receipt (a hash anvil has not mined yet is pending)
  await createPublicClient({ transport: http(from.url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  const reported = await post(u, "/swap/addTransData", { orderId: order.orderId, hash, kind: "swap" });
  expect(reported.json, reported.text).toMatchObject({
    code: 200,
    data: { status: "exchanging", transferOutHash: hash, transferInHash: null },
  });
  return dataOf<OrderAnswer>(reported);
}

/** the order after its next check (SWAP_STATUS_SECONDS later, asked through getOrderStatus) */
async function nextCheck(u: User, orderId: string) {
  clock.advance(15_000);
  const res = await post(u, "/getOrderStatus", { orderId });
  expect(res.json?.code, res.text).toBe(200);
  return dataOf<OrderAnswer & { transferInUrl: string | null }>(res);
}

describe("a swap across chains through the bridge's status", () => {
  it("exchanging while the bridge is pending, then completed with the receiving chain's hash and amount", async () => {
    const u = await user();
    bridge = { status: "PENDING" };
    const order = await bridgeOrder(u);
    expect((await nextCheck(u, order.orderId)).status).toBe("exchanging");
    const receiving = `0x${"ab".repeat(32)}`;
    bridge = {
      status: "DONE",
      substatus: "COMPLETED",
      receivingTxHash: receiving,
      receivedAmount: "99000000000000000",
    };
    const done = await nextCheck(u, order.orderId);
    expect(done).toMatchObject({ status: "completed", transferInHash: receiving, receivedAmount: "0.099" });
    expect(done.transferInUrl).toMatch(new RegExp(`/tx/${receiving}$`));
    const status = standIn.asked.filter((r) => r.path === "/v1/status").at(-1);
    expect(status?.query.get("txHash")).toBe(order.transferOutHash);
    expect(status?.query.get("fromChain")).toBe(String(FROM_CHAIN));
    expect(status?.query.get("toChain")).toBe(String(TO_CHAIN));
  });

  it("the bridge failing fails the order; a refund ends in refund_completed", async () => {
    const u = await user();
    bridge = { status: "PENDING" };
    const failing = await bridgeOrder(u);
    bridge = { status: "FAILED" };
    expect(await nextCheck(u, failing.orderId)).toMatchObject({ status: "fail", statusReason: "txReverted" });

    bridge = { status: "PENDING" };
    const refunded = await bridgeOrder(u);
    bridge = { status: "DONE", substatus: "REFUNDED", receivingTxHash: `0x${"cd".repeat(32)}`, receivedAmount: "1" };
    expect(await nextCheck(u, refunded.orderId)).toMatchObject({ status: "refund_completed", transferInHash: null });
  });
});
