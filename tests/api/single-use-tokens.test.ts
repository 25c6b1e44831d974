import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/client.ts";
import { tonProofPayloads } from "../../src/server/db/schema.ts";
import { createSingleUseTokens } from "../../src/server/db/single-use-tokens.ts";
import { createCaptchaService } from "../../src/server/features/accounts/captcha.service.ts";
import { createWalletNonceStore } from "../../src/server/features/accounts/wallet-nonces.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { createTestDatabase, type TestDatabase } from "./harness.ts";

let db: TestDatabase;
let handle: DatabaseHandle;
const clock = manualClock(new Date("2026-11-25T12:00:00Z"));

beforeAll(async () => {
  db = await createTestDatabase();
  const { env } = db;
  handle = await openDatabase(
    env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA }
      : { kind: "pglite", dataDir: `${env.DATA_DIR}/pglite` },
  );
});
afterAll(async () => {
  await handle?.close();
  await db?.drop();
});

const payloadTokens = () =>
  createSingleUseTokens(handle.db, clock, {
    table: tonProofPayloads,
    token: tonProofPayloads.payload,
    expiresAt: tonProofPayloads.expiresAt,
    sweepEveryMs: 60_000,
  });

describe("single-use tokens on the server's database", () => {
  it("serve one of many concurrent consumers (PostgreSQL's connection pool runs them side by side)", async () => {
    const tokens = payloadTokens();
    for (const payload of ["p1", "p2", "p3"]) {
      await tokens.issue({ payload, expiresAt: new Date(clock.now().getTime() + 60_000) });
      const results = await Promise.all(Array.from({ length: 12 }, () => tokens.consume(payload)));
      expect(results.filter((row) => row !== undefined)).toHaveLength(1);
    }
  });

  it("let one of many concurrent callers spend a stateless token", async () => {
    const spent = payloadTokens();
    const row = { payload: "stateless", expiresAt: new Date(clock.now().getTime() + 60_000) };
    const results = await Promise.all(Array.from({ length: 12 }, () => spent.spend(row)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("spend a wallet nonce once, and a captcha once, whoever asks at the same time", async () => {
    const nonces = createWalletNonceStore(handle.db, clock);
    const { nonce } = await nonces.issue();
    const spent = await Promise.all(Array.from({ length: 12 }, () => nonces.consume(nonce)));
    expect(spent.filter(Boolean)).toHaveLength(1);

    const captcha = createCaptchaService(handle.db, clock);
    const { captchaId } = await captcha.create();
    await Promise.all(Array.from({ length: 12 }, () => captcha.verify(captchaId, "ANY")));
    expect(await captcha.verify(captchaId, "ANY")).toBe(false);
  });
});
