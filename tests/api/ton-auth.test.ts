import { type Address, beginCell, Cell, contractAddress, storeStateInit } from "@ton/core";
import { type KeyPair, keyPairFromSeed, sign } from "@ton/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.ts";
import { tonProofSignedBytes } from "../../src/server/features/accounts/ton-proof.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";
import { callWithHost } from "./host-request.ts";

/** wallet v4R2's code, as every TON wallet app deploys it (code hash feb5ff68...d5c0) */
const WALLET_V4R2_CODE = Cell.fromBase64(
  "te6ccgECFAEAAtQAART/APSkE/S88sgLAQIBIAIDAgFIBAUE+PKDCNcYINMf0x/THwL4I7vyZO1E0NMf0x/T//QE0VFDuvKhUVG68qIF+QFUEGT5EPKj+AAkpMjLH1JAyx9SMMv/UhD0AMntVPgPAdMHIcAAn2xRkyDXSpbTB9QC+wDoMOAhwAHjACHAAuMAAcADkTDjDQOkyMsfEssfy/8QERITAubQAdDTAyFxsJJfBOAi10nBIJJfBOAC0x8hghBwbHVnvSKCEGRzdHK9sJJfBeAD+kAwIPpEAcjKB8v/ydDtRNCBAUDXIfQEMFyBAQj0Cm+hMbOSXwfgBdM/yCWCEHBsdWe6kjgw4w0DghBkc3RyupJfBuMNBgcCASAICQB4AfoA9AQw+CdvIjBQCqEhvvLgUIIQcGx1Z4MesXCAGFAEywUmzxZY+gIZ9ADLaRfLH1Jgyz8gyYBA+wAGAIpQBIEBCPRZMO1E0IEBQNcgyAHPFvQAye1UAXKwjiOCEGRzdHKDHrFwgBhQBcsFUAPPFiP6AhPLassfyz/JgED7AJJfA+ICASAKCwBZvSQrb2omhAgKBrkPoCGEcNQICEekk30pkQzmkD6f+YN4EoAbeBAUiYcVnzGEAgFYDA0AEbjJftRNDXCx+AA9sp37UTQgQFA1yH0BDACyMoHy//J0AGBAQj0Cm+hMYAIBIA4PABmtznaiaEAga5Drhf/AABmvHfaiaEAQa5DrhY/AAG7SB/oA1NQi+QAFyMoHFcv/ydB3dIAYyMsFywIizxZQBfoCFMtrEszMyXP7AMhAFIEBCPRR8qcCAHCBAQjXGPoA0z/IVCBHgQEI9FHyp4IQbm90ZXB0gBjIywXLAlAGzxZQBPoCFMtqEssfyz/Jc/sAAgBsgQEI1xj6ANM/MFIkgQEI9Fnyp4IQZHN0cnB0gBjIywXLAlAFzxZQA/oCE8tqyx8Syz/Jc/sAAAr0AMntVA==",
);
/** v3/v4 subwallet id of workchain 0 */
const SUBWALLET_ID = 698983191;

interface TestWallet {
  keys: KeyPair;
  address: Address;
  stateInit: string;
}

/** A v4R2 wallet as a wallet app builds it: data = seqno 0, subwallet id, public key, no plugins. */
function v4r2Wallet(seed: number): TestWallet {
  const keys = keyPairFromSeed(Buffer.alloc(32, seed));
  const data = beginCell()
    .storeUint(0, 32)
    .storeUint(SUBWALLET_ID, 32)
    .storeBuffer(keys.publicKey)
    .storeBit(0)
    .endCell();
  const init = { code: WALLET_V4R2_CODE, data };
  const stateInit = beginCell().store(storeStateInit(init)).endCell().toBoc().toString("base64");
  return { keys, address: contractAddress(0, init), stateInit };
}

const clock = manualClock(new Date());
let db: TestDatabase;
let srv: TestServer;
/** the Host the test requests carry: without TON_PROOF_DOMAIN or PUBLIC_URL, the domain a proof must name */
let host: string;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env }, { clock });
  host = new URL(srv.url).host;
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

async function newPayload(): Promise<string> {
  const res = await call(srv.url, "/ton/proof/payload");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return res.json?.data.payload as string;
}

interface ProofOptions {
  domain?: string;
  timestamp?: number;
  signer?: KeyPair;
  address?: Address;
  stateInit?: string;
  publicKey?: string;
}

/** Signs a ton_proof exactly as a wallet does, with knobs to break one part of it. */
function tonLoginBody(wallet: TestWallet, payload: string, options: ProofOptions = {}) {
  const domain = options.domain ?? host;
  const address = options.address ?? wallet.address;
  const proof = {
    timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
    domain: { lengthBytes: Buffer.byteLength(domain), value: domain },
    payload,
  };
  const signature = sign(tonProofSignedBytes(address, proof), (options.signer ?? wallet.keys).secretKey);
  return {
    address: address.toRawString(),
    network: "-239",
    public_key: options.publicKey ?? wallet.keys.publicKey.toString("hex"),
    proof: { ...proof, signature: signature.toString("base64"), state_init: options.stateInit ?? wallet.stateInit },
  };
}

const tonLogin = (body: unknown) => call(srv.url, "/tonLogin", { body });
const usersOf = (address: Address) =>
  srv.server.database.db.select().from(users).where(eq(users.tonAddress, address.toRawString()));

describe("TON Connect sign-in (ton_proof)", () => {
  const wallet = v4r2Wallet(1);

  it("hands out a fresh payload each time, never cached", async () => {
    const [a, b] = [await newPayload(), await newPayload()];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });

  it("signs in with a v4R2 wallet's proof, as one user however often", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await tonLogin(tonLoginBody(wallet, await newPayload())));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        code: 200,
        data: { user_token: expect.any(String), user_id: answers[0]?.json?.data.user_id },
      });
    }
    const rows = await usersOf(wallet.address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tonAddress: wallet.address.toRawString(), walletAddress: null, email: null });
    const check = await call(srv.url, "/checkLogin", {
      headers: { authorization: `Bearer ${String(answers[2]?.json?.data.user_token)}` },
    });
    expect(check.json).toMatchObject({ code: 200, data: { user_id: answers[0]?.json?.data.user_id } });
  });

  it("accepts a proof without public_key (the key comes from state_init)", async () => {
    const other = v4r2Wallet(2);
    const { public_key: _dropped, ...body } = tonLoginBody(other, await newPayload());
    expect((await tonLogin(body)).json?.code).toBe(200);
  });

  it("refuses a payload used once already", async () => {
    const payload = await newPayload();
    expect((await tonLogin(tonLoginBody(wallet, payload))).status).toBe(200);
    const again = await tonLogin(tonLoginBody(wallet, payload));
    expect(again.status).toBe(401);
    expect(again.json).toMatchObject({ code: 1001, data: { key: "loginFailed" } });
  });

  it("refuses a payload the server never issued, and an expired one", async () => {
    expect((await tonLogin(tonLoginBody(wallet, "f".repeat(64)))).status).toBe(401);
    const payload = await newPayload();
    clock.advance(16 * 60_000);
    try {
      expect((await tonLogin(tonLoginBody(wallet, payload))).status).toBe(401);
    } finally {
      clock.advance(-16 * 60_000);
    }
  });

  const refusals: [string, (payload: string) => unknown][] = [
    ["another domain", (payload) => tonLoginBody(wallet, payload, { domain: "evil.example.com" })],
    [
      "a stale timestamp (over 15 minutes)",
      (payload) => tonLoginBody(wallet, payload, { timestamp: Math.floor(clock.now().getTime() / 1000) - 16 * 60 }),
    ],
    [
      "an address that is not the state_init's",
      (payload) => tonLoginBody(wallet, payload, { address: v4r2Wallet(3).address }),
    ],
    ["a signature by another key", (payload) => tonLoginBody(wallet, payload, { signer: v4r2Wallet(4).keys })],
    [
      "a public_key that is not the state_init's",
      (payload) => tonLoginBody(wallet, payload, { publicKey: v4r2Wallet(5).keys.publicKey.toString("hex") }),
    ],
    [
      "a state_init of an unknown contract",
      (payload) => {
        const init = { code: beginCell().storeUint(1, 8).endCell(), data: beginCell().endCell() };
        return tonLoginBody(wallet, payload, {
          address: contractAddress(0, init),
          stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString("base64"),
        });
      },
    ],
  ];
  it.each(refusals)("refuses %s with 1001 loginFailed, keeping the payload", async (_name, make) => {
    const before = (await srv.server.database.db.select().from(users)).length;
    const payload = await newPayload();
    const res = await tonLogin(make(payload));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "loginFailed", field: expect.any(String) } });
    expect((await srv.server.database.db.select().from(users)).length).toBe(before);
    // the refused proof did not spend the payload: the real wallet's proof still signs in with it
    expect((await tonLogin(tonLoginBody(wallet, payload))).status).toBe(200);
  });

  it("names a malformed field", async () => {
    const res = await tonLogin({ ...tonLoginBody(wallet, await newPayload()), address: "EQ-friendly" });
    expect(res.status).toBe(400);
    expect(res.json?.code).toBe(1001);
  });

  it("serves a TON Connect manifest for the host the app runs on", async () => {
    const res = await fetch(`${srv.url}/tonconnect-manifest.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      url: `http://${host}`,
      name: "MountainLion",
      iconUrl: `http://${host}/tonconnect-icon.png`,
    });
  });

  it("answers 1001 unknownHost for a payload, a proof or a manifest asked with another Host", async () => {
    const proofBody = tonLoginBody(wallet, await newPayload(), { domain: "evil.example" });
    const asked = [
      await callWithHost(srv.url, "/v2/api/ton/proof/payload", "evil.example"),
      await callWithHost(srv.url, "/v2/api/tonLogin", "evil.example", proofBody),
      await callWithHost(srv.url, "/tonconnect-manifest.json", "evil.example"),
      await callWithHost(srv.url, "/tonconnect-manifest.json", "127.0.0.1:1"),
    ];
    for (const res of asked) {
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
      expect(res.text).not.toContain("http://evil.example");
    }
  });

  it("takes a proof for a loopback name of the port it serves, not of another port", async () => {
    const port = new URL(srv.url).port;
    const manifest = await callWithHost(srv.url, "/tonconnect-manifest.json", `localhost:${port}`);
    expect(manifest.json).toMatchObject({ url: `http://localhost:${port}` });
    const named = await tonLogin(tonLoginBody(wallet, await newPayload(), { domain: `localhost:${port}` }));
    expect(named.json?.code).toBe(200);
    const otherPort = await tonLogin(tonLoginBody(wallet, await newPayload(), { domain: "127.0.0.1:1" }));
    expect(otherPort.json).toMatchObject({ code: 1001, data: { field: "proof.domain", key: "loginFailed" } });
  });
});

describe("TON Connect on a server that listens on every interface", () => {
  const wallet = v4r2Wallet(9);
  let db2: TestDatabase;
  let open: TestServer;
  beforeAll(async () => {
    db2 = await createTestDatabase();
    open = await startTestServer(
      { ...db2.env, HOST: "0.0.0.0", PUBLIC_URL: "https://app.example", TON_PROOF_DOMAIN: "ton.app.example" },
      { clock },
    );
  });
  afterAll(async () => {
    await open?.stop();
    await db2?.drop();
  });

  async function loginAs(domain: string) {
    const payload = (await callWithHost(open.url, "/v2/api/ton/proof/payload", "app.example")).json?.data.payload;
    return callWithHost(open.url, "/v2/api/tonLogin", "app.example", tonLoginBody(wallet, String(payload), { domain }));
  }

  it("serves PUBLIC_URL's manifest and takes proofs for TON_PROOF_DOMAIN only", async () => {
    const manifest = await callWithHost(open.url, "/tonconnect-manifest.json", "app.example");
    expect(manifest.json).toEqual({
      url: "https://app.example",
      name: "MountainLion",
      iconUrl: "https://app.example/tonconnect-icon.png",
    });
    expect((await loginAs("ton.app.example")).json?.code).toBe(200);
    const loopback = `127.0.0.1:${new URL(open.url).port}`;
    expect((await loginAs(loopback)).json).toMatchObject({ code: 1001, data: { field: "proof.domain" } });
    const viaLoopback = await callWithHost(open.url, "/tonconnect-manifest.json", loopback);
    expect(viaLoopback.json).toMatchObject({ code: 1001, data: { field: "host", key: "unknownHost" } });
  });
});
