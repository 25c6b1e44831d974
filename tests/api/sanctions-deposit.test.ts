import { eq } from "drizzle-orm";
import { type Address, createWalletClient, encodeFunctionData, getAddress, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deposits, usdtLedger } from "../../src/server/db/schema.ts";
import { loadShippedSanctions } from "../../src/server/features/compliance/shipped-sanctions.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { ANVIL_KEYS, anvilClients, startUsdtChain, testUsdtAbi, type UsdtChain } from "../support/test-usdt-chain.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { newAccountHeaders } from "./new-account.ts";

/**
 * USDT deposits and the OFAC sanctions list, on a real local chain: anvil impersonates an address of the shipped
 * ETH list (anvil_impersonateAccount, anvil_setBalance), which sends the test USDT to the deposit address. The
 * deposit is refused as sanctionedAddress and never credited, however often it is checked; the same order is then
 * paid by a clean wallet.
 */

const CHAIN_ID = 31_337;
const DEPOSIT = getAddress(privateKeyToAccount(`0x${"d3".repeat(32)}`).address);
const LISTED = getAddress(loadShippedSanctions().lists.get("ETH")?.[0] as string);
const payer = privateKeyToAccount(ANVIL_KEYS[2]);
/** monthly (spec §3 product id 3): 19.99 USDT */
const MONTHLY = { productType: "CARDS", productId: 3 } as const;
const PRICE = 19_990_000n;

let eth: UsdtChain;
let db: TestDatabase;
let srv: TestServer;
const clock = manualClock(new Date());

beforeAll(async () => {
  eth = await startUsdtChain(CHAIN_ID);
  await eth.mint(eth.usdt, LISTED, 1000n * 10n ** 6n);
  await eth.mint(eth.usdt, payer.address, 1000n * 10n ** 6n);
  const { control } = anvilClients(eth.anvil.url, CHAIN_ID);
  await control.impersonateAccount({ address: LISTED });
  await control.setBalance({ address: LISTED, value: parseEther("1") });
  db = await createTestDatabase();
  srv = await startTestServer(
    {
      ...db.env,
      PAY_CHAINS: "ETH",
      PAY_ETH_RPC_URL: eth.anvil.url,
      PAY_ETH_CHAIN_ID: String(CHAIN_ID),
      PAY_ETH_USDT: eth.usdt,
      PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT,
      PAY_ETH_CONFIRMATIONS: "2",
    },
    { clock, timers: manualTimers() },
  );
}, 120_000);
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await eth?.stop();
});

/** the impersonated listed address sends USDT to `to`, as its owner's wallet would */
async function sendFromListed(to: Address, amount: bigint): Promise<Hex> {
  const wallet = createWalletClient({ chain: eth.chain, transport: http(eth.anvil.url) });
  const hash = await wallet.sendTransaction({
    account: LISTED,
    to: eth.usdt,
    data: encodeFunctionData({ abi: testUsdtAbi, functionName: "transfer", args: [to, amount] }),
    gas: 120_000n,
  });
  const receipt = await eth.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status).toBe("success");
  return hash;
}

const creditsOf = (hash: string) =>
  srv.server.database.db.select().from(usdtLedger).where(eq(usdtLedger.reference, hash));

describe("deposits and the sanctions list", () => {
  it("refuses a deposit sent from an address on the list, credits nothing, and the order stays payable", async () => {
    const headers = await newAccountHeaders(srv, clock);
    const post = (path: string, body: unknown) => call(srv.url, path, { headers, body });
    const qr = (await post("/pay/getDepositQrCode", { ...MONTHLY, chain: "ETH" })).json?.data as { orderNo: string };

    const hash = await sendFromListed(DEPOSIT, PRICE);
    const reported = await post("/pay/uploadHash", { chargeHash: hash, chargeChain: "ETH", orderNo: qr.orderNo });
    expect(reported.json).toMatchObject({
      code: 200,
      data: {
        status: "failed",
        reason: "sanctionedAddress",
        orderNo: qr.orderNo,
        orderStatus: "pending",
        amount: "19.99",
        credited: "0",
        balance: "0",
      },
    });
    const [row] = await srv.server.database.db.select().from(deposits).where(eq(deposits.txHash, hash));
    expect(row).toMatchObject({ status: "failed", reason: "sanctionedAddress", fromAddress: LISTED });

    // confirmed, reported again and swept: still refused, never credited
    await eth.mine(3);
    await srv.server.deposits.sweep();
    const again = await post("/pay/uploadHash", { chargeHash: hash, chargeChain: "ETH", orderNo: qr.orderNo });
    expect(again.json).toMatchObject({ code: 200, data: { status: "failed", reason: "sanctionedAddress" } });
    const checked = await call(srv.url, `/bscHashCheck?hash=${hash}&chain=ETH`, { headers });
    expect(checked.json).toMatchObject({ data: { status: "failed", reason: "sanctionedAddress", credited: "0" } });
    expect(await creditsOf(hash)).toHaveLength(0);
    expect((await call(srv.url, "/pay/account", { headers })).json?.data.balance).toBe("0");

    // the same order, paid from a wallet not on the list
    const clean = await eth.transfer(payer, eth.usdt, DEPOSIT, PRICE);
    await eth.mine(1);
    const paid = await post("/pay/uploadHash", { chargeHash: clean, chargeChain: "ETH", orderNo: qr.orderNo });
    expect(paid.json).toMatchObject({ code: 200, data: { status: "success", orderStatus: "success" } });
  });

  it("refuses a top-up from the list before it is confirmed", async () => {
    const headers = await newAccountHeaders(srv, clock);
    const hash = await sendFromListed(DEPOSIT, 5_000_000n);
    const res = await call(srv.url, "/pay/uploadHash", { headers, body: { chargeHash: hash, chargeChain: "ETH" } });
    expect(res.json).toMatchObject({
      code: 200,
      data: { status: "failed", reason: "sanctionedAddress", orderNo: null, credited: "0", confirmations: 1 },
    });
    expect(await creditsOf(hash)).toHaveLength(0);
  });
});
