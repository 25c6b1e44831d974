import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

let db: TestDatabase;
let srv: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, SIWE_CHAIN_IDS: "1,8453,31337" });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

describe("app/config", () => {
  it("names the chains a wallet sign-in may be on, so the app asks a wallet elsewhere to switch first", async () => {
    const res = await call(srv.url, "/app/config");
    expect(res.json).toMatchObject({ code: 200, data: { signInChainIds: [1, 8453, 31337] } });
  });
});
