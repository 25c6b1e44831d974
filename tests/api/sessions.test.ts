import { hash } from "@node-rs/argon2";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { systemClock } from "../../src/server/providers/clock.ts";
import {
  call,
  createTestDatabase,
  newDeviceNo,
  ONE_NODE_PER_PGLITE,
  startTestServer,
  type TestServer,
} from "./harness.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function oneNode(env: Record<string, string> = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const node = await startTestServer({ ...db.env, ...env });
  cleanups.push(node.stop);
  return node;
}

/** Two API nodes, two servers in this process, on one PostgreSQL database. */
async function twoNodes(): Promise<[TestServer, TestServer]> {
  const db = await createTestDatabase();
  cleanups.push(db.drop);
  const a = await startTestServer(db.env);
  cleanups.push(a.stop);
  const b = await startTestServer(db.env);
  cleanups.push(b.stop);
  return [a, b];
}

async function emailUser(srv: TestServer, email: string, password: string) {
  const users = createUsersRepository(srv.server.database.db, systemClock);
  return users.create({ email, passwordHash: await hash(password), username: email.split("@")[0] ?? "user" });
}

describe("sessions across API nodes", () => {
  it("a session made on one node is live on another, and a logout on either ends it everywhere", async (ctx) => {
    ctx.skip(inject("database") === "pglite", ONE_NODE_PER_PGLITE);
    const [a, b] = await twoNodes();
    expect(b.url).not.toBe(a.url);
    await emailUser(a, "nodes@example.com", "secret-pass");
    const login = await call(a.url, "/userLogin", { body: { email: "nodes@example.com", password: "secret-pass" } });
    expect(login.json).toMatchObject({ code: 200, data: { account: "nodes@example.com" } });
    const token = String(login.json?.data.user_token);
    const auth = { authorization: `Bearer ${token}` };
    expect((await call(b.url, "/checkLogin", { headers: auth })).json).toMatchObject({
      code: 200,
      data: { account: "nodes@example.com", user_id: login.json?.data.user_id },
    });
    expect((await call(b.url, "/loginOut", { headers: auth })).json?.code).toBe(200);
    const after = await call(a.url, "/checkLogin", { headers: auth });
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ code: 4001, data: { key: "loginInvalid" } });
    // any call with the revoked token answers 4001, so the app clears its login
    expect((await call(a.url, "/llm/model/list", { headers: auth })).json?.code).toBe(4001);
  });

  it("answers 4001 for an unknown token and loginFirst for a visitor asking checkLogin", async () => {
    const a = await oneNode();
    expect((await call(a.url, "/checkLogin", { headers: { authorization: "Bearer made-up" } })).json?.code).toBe(4001);
    expect((await call(a.url, "/checkLogin")).json).toMatchObject({ code: 4001, data: { key: "loginFirst" } });
  });

  it("names the missing field of an email sign-in, and refuses a wrong password with 2002", async () => {
    const a = await oneNode();
    await emailUser(a, "fields@example.com", "secret-pass");
    expect((await call(a.url, "/userLogin", { body: { email: "fields@example.com" } })).json).toMatchObject({
      code: 1001,
      data: { field: "password", key: "enterpassword" },
    });
    expect((await call(a.url, "/userLogin", { body: { password: "x" } })).json).toMatchObject({
      code: 1001,
      data: { field: "email", key: "enterEmail" },
    });
    expect((await call(a.url, "/userLogin", { body: { type: 1, wallet_address: "0x12" } })).json).toMatchObject({
      code: 1001,
      data: { field: "wallet_address" },
    });
    expect(
      (await call(a.url, "/userLogin", { body: { email: "fields@example.com", password: "wrong-pass" } })).json?.code,
    ).toBe(2002);
  });

  it("limits sign-in attempts per device with 4003", async () => {
    const a = await oneNode({ AUTH_RATE_LIMIT_POINTS: "3" });
    const deviceNo = newDeviceNo();
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await call(a.url, "/userLogin", { deviceNo, body: { email: "x@example.com", password: "whatever" } })).json
          ?.code,
      );
    }
    expect(codes).toEqual([2001, 2001, 2001, 4003]);
    // other routes are not held back by the sign-in allowance
    expect((await call(a.url, "/llm/model/list", { deviceNo })).json?.code).toBe(200);
  });

  it("serves avatars to plain image requests, without device number or API key", async () => {
    const a = await oneNode({ API_KEY: "k-123" });
    const user = await emailUser(a, "avatar@example.com", "secret-pass");
    const res = await fetch(`${a.url}/v2/api/user/avatar/${user?.id}`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});
