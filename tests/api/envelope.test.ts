import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback } from "../../src/server/db/schema.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

let db: TestDatabase;
let srv: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(db.env);
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

describe("the API envelope", () => {
  it("answers the model catalogue with only MountainLion available and as default", async () => {
    const res = await call(srv.url, "/llm/model/list");
    expect(res.status).toBe(200);
    expect(res.json?.code).toBe(200);
    const items = res.json?.data as unknown as {
      model: number;
      version: string;
      available: boolean;
      isDefault: boolean;
    }[];
    expect(items.map((item) => [item.model, item.version])).toEqual([
      [6, "MountainLion"],
      [9, "qwen"],
      [1, "GPT"],
      [2, "Claude"],
      [3, "Perplexity Sonar"],
      [5, "Gemini"],
      [7, "DeepSeek"],
      [4, "Open Mistral"],
      [8, "DeepSeek-reasoner"],
      [0, "Automatic mode"],
    ]);
    expect(items.filter((item) => item.available).map((item) => item.version)).toEqual([
      "MountainLion",
      "Automatic mode",
    ]);
    expect(items.filter((item) => item.isDefault).map((item) => item.model)).toEqual([6]);
  });

  it("answers an unknown API path with an envelope, not HTML", async () => {
    const res = await call(srv.url, "/no/such/path");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json).toMatchObject({ code: 1001, data: { key: "notFound" } });
  });

  it("refuses a call without a device number, naming the header", async () => {
    const res = await call(srv.url, "/llm/model/list", { deviceNo: null });
    expect(res.json).toMatchObject({ code: 1001, data: { key: "deviceNoMissing", field: "x-device-no" } });
  });

  it("refuses a malformed JSON body", async () => {
    const res = await call(srv.url, "/addFeedback", {
      rawBody: '{"seriousness": 3,',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "malformedBody" } });
  });

  it("refuses a body that is not JSON", async () => {
    const res = await call(srv.url, "/addFeedback", {
      rawBody: "seriousness=3",
      headers: { "content-type": "text/plain" },
    });
    expect(res.json).toMatchObject({ code: 1001, data: { key: "malformedBody" } });
  });

  it("refuses an oversized body before reading it", async () => {
    const huge = {
      seriousness: 3,
      type: "other",
      content: "x",
      contact: "y",
      base64_content: `data:image/png;base64,${"A".repeat(8 * 1024 * 1024)}`,
    };
    const res = await call(srv.url, "/addFeedback", { body: huge });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "payloadTooLarge" } });
    // the rest of the body is not read, so the connection ends with this answer and is not reused
    expect(res.headers.get("connection")).toBe("close");
    for (let i = 0; i < 3; i++) expect((await call(srv.url, "/llm/model/list")).status).toBe(200);
  });

  it("maps an unexpected failure to 1001 Serverbusy with no stack, logged with the request id", async () => {
    await srv.server.database.db.execute(sql`alter table feedback rename to feedback_gone`);
    try {
      const res = await call(srv.url, "/addFeedback", {
        body: { seriousness: 2, type: "other", content: "hello", contact: "me" },
        headers: { "x-request-id": "req-thrown-error-1" },
      });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ code: 1001, msg: "Serverbusy", data: { key: "Serverbusy" } });
      expect(res.text).not.toMatch(/at .*\.ts|stack|feedback_gone|relation/i);
      const logged = srv.logs.find((line) => line.msg === "unhandled error");
      expect(logged).toMatchObject({ reqId: "req-thrown-error-1", path: "/v2/api/addFeedback" });
    } finally {
      await srv.server.database.db.execute(sql`alter table feedback_gone rename to feedback`);
    }
  });

  describe("text that cannot be stored (NUL, lone surrogates)", () => {
    const NUL = "before\u0000after";
    const LONE_HIGH = "price \uD83D up";
    const LONE_LOW = "\uDE00 trailing";
    const refusedNaming = (field: string) => ({ code: 1001, data: { key: "invalidValue", field } });

    it("refuses it in feedback with 1001 naming the field, and stores nothing", async () => {
      for (const [field, text] of [
        ["content", NUL],
        ["contact", LONE_HIGH],
        ["content", LONE_LOW],
      ] as const) {
        const body = { seriousness: 2, type: "other", content: "fine", contact: "me", [field]: text };
        const res = await call(srv.url, "/addFeedback", { body });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject(refusedNaming(field));
      }
      expect(await srv.server.database.db.select().from(feedback)).toEqual([]);
    });

    it("refuses it in an email, a question and a nested or key position", async () => {
      const email = await call(srv.url, "/register", {
        body: { email: `a${NUL}@example.com`, verifyCode: "123456", password: "secret12" },
      });
      expect(email.json).toMatchObject(refusedNaming("email"));
      const question = await call(srv.url, "/chat/send", {
        body: { msggroup: `${Date.now()}abc`, question: `What is BTC?${NUL}` },
      });
      expect(question.status).toBe(400);
      expect(question.headers.get("content-type")).toContain("application/json");
      expect(question.json).toMatchObject(refusedNaming("question"));
      const nested = await call(srv.url, "/chat/send", {
        body: { msggroup: `${Date.now()}abc`, question: "hi", attachments: [{ type: "image", url: LONE_HIGH }] },
      });
      expect(nested.json).toMatchObject(refusedNaming("attachments.0.url"));
      const key = await call(srv.url, "/addFeedback", {
        body: { seriousness: 2, type: "other", content: "ok", contact: "me", [`x${NUL}`]: 1 },
      });
      expect(key.json).toMatchObject(refusedNaming(`x${NUL}`));
    });

    it("refuses it in query strings, and a device number that carries it", async () => {
      for (const path of ["/symbolSearch?keyword=BT%00C", "/news/detail?code=%00", "/getCoinList?keyword=%00"]) {
        const res = await call(srv.url, path);
        expect(res.status, path).toBeLessThan(500);
        expect(res.json?.code, path).toBe(1001);
      }
      const search = await call(srv.url, "/symbolSearch?keyword=BT%00C");
      expect(search.json).toMatchObject(refusedNaming("keyword"));
      const push = await fetch(`${srv.url}/v2/api/push?deviceNo=device%00number1`);
      expect(push.status).toBe(400);
      expect(await push.json()).toMatchObject({ code: 1001, data: { key: "deviceNoMissing", field: "x-device-no" } });
    });
  });

  it("publishes the contract as an OpenAPI document", async () => {
    const res = await fetch(`${srv.url}/v2/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.0.3");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v2/api/addFeedback", "/v2/api/llm/model/list"]));
    expect(doc.paths["/v2/api/addFeedback"]?.post).toMatchObject({ requestBody: { required: true } });
  });

  it("answers health and readiness", async () => {
    expect(await (await fetch(`${srv.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${srv.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("keeps credentials out of the logs", async () => {
    await call(srv.url, "/llm/model/list", { headers: { authorization: "Bearer secret-token-123" } });
    expect(JSON.stringify(srv.logs)).not.toContain("secret-token-123");
  });
});
