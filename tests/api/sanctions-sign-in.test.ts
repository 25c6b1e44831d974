import { eq } from "drizzle-orm";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { loadShippedSanctions } from "../../src/server/features/compliance/shipped-sanctions.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { manualTimers } from "../../src/server/providers/timers.ts";
import { type StandIn, startStandIn } from "../../src/server/providers/upstream/stand-in.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/**
 * Wallet sign-in (Sign-In with Ethereum) and the OFAC sanctions list: an address of the shipped list cannot sign in,
 * and a wallet that signed in yesterday cannot sign in again once the maintained list (SANCTIONS_LIST_URL, a
 * loopback stand-in here) names it; its signature is good, the list refuses it.
 */

const shippedEth = loadShippedSanctions().lists.get("ETH") ?? [];
const LISTED = shippedEth[0] as string;

const clock = manualClock(new Date());
let db: TestDatabase;
let srv: TestServer;
let lists: StandIn;
/** what the maintained ETH list holds now */
let served: readonly string[] = shippedEth;

beforeAll(async () => {
  lists = await startStandIn((request) =>
    request.path === "/lists/sanctioned_addresses_ETH.txt" ? { body: `${served.join("\n")}\n` } : undefined,
  );
  db = await createTestDatabase();
  srv = await startTestServer(
    { ...db.env, SANCTIONS_LIST_URL: `${lists.url}/lists/sanctioned_addresses_ETH.txt` },
    { clock, timers: manualTimers() },
  );
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await lists?.close();
});

/** a wallet's signed sign-in for `address` (signed by `signer`), with a fresh nonce of the server */
async function signedLogin(signer: PrivateKeyAccount, address: string = signer.address) {
  const nonce = await call(srv.url, "/wallet/nonce");
  const given = nonce.json?.data as { nonce: string; issuedAt: string; expirationTime: string; statement: string };
  const message = createSiweMessage({
    address: address as `0x${string}`,
    domain: new URL(srv.url).host,
    uri: srv.url,
    version: "1",
    chainId: 1,
    nonce: given.nonce,
    issuedAt: new Date(given.issuedAt),
    expirationTime: new Date(given.expirationTime),
    statement: given.statement,
  });
  const body = { type: 1, wallet_address: address, message, signature: await signer.signMessage({ message }) };
  return call(srv.url, "/userLogin", { body });
}

const refused = { code: 3001, data: { field: "wallet_address", key: "sanctionedAddress" } };

describe("wallet sign-in and the sanctions list", () => {
  it("refuses an address of the shipped list, and makes no account for it", async () => {
    await srv.server.sanctions.refresh();
    const res = await signedLogin(privateKeyToAccount(generatePrivateKey()), LISTED.toLowerCase());
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject(refused);
    expect(res.json?.msg).toContain("sanctions");
    const rows = await srv.server.database.db.select().from(users).where(eq(users.walletAddress, LISTED.toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it("refuses a wallet the maintained list names after a refresh, though its signature is good", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const before = await signedLogin(wallet);
    expect(before.json, before.text).toMatchObject({ code: 200, data: { account: wallet.address.toLowerCase() } });

    served = [...shippedEth, wallet.address];
    expect(await srv.server.sanctions.refresh()).toEqual([{ asset: "ETH", ok: true, count: shippedEth.length + 1 }]);
    const after = await signedLogin(wallet);
    expect(after.status).toBe(403);
    expect(after.json).toMatchObject(refused);

    // delisted again: the wallet signs in to the account it had
    served = shippedEth;
    await srv.server.sanctions.refresh();
    const again = await signedLogin(wallet);
    expect(again.json?.data.user_id).toBe(before.json?.data.user_id);
  });
});
