import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedback } from "../../src/server/db/schema.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString("base64");

const valid = {
  seriousness: 3,
  type: "bug",
  bug_location: "in_answer",
  content: "The BTC price in the answer was an hour old",
  contact: "@investor",
};

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

async function latestRow() {
  const [row] = await srv.server.database.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
  return row;
}

describe("POST /v2/api/addFeedback", () => {
  it("stores valid feedback and answers the envelope with its id", async () => {
    const res = await call(srv.url, "/addFeedback", { body: valid, deviceNo: "device-feedback-1" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, msg: "success", data: { id: expect.any(Number) } });
    const row = await latestRow();
    expect(row).toMatchObject({
      id: res.json?.data.id,
      deviceNo: "device-feedback-1",
      seriousness: 3,
      type: "bug",
      bugLocation: "in_answer",
      content: valid.content,
      contact: "@investor",
      screenshot: null,
    });
  });

  it("defaults the type to bug report, which then needs a bug location", async () => {
    const { type: _type, bug_location: _location, ...rest } = valid;
    const res = await call(srv.url, "/addFeedback", { body: rest });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "required", field: "bug_location" } });
  });

  it("does not need a bug location for other types", async () => {
    const { bug_location: _location, ...rest } = valid;
    const res = await call(srv.url, "/addFeedback", { body: { ...rest, type: "feature" } });
    expect(res.json?.code).toBe(200);
    expect(await latestRow()).toMatchObject({ type: "feature", bugLocation: null });
  });

  const invalidCases: [string, Record<string, unknown>, string, string][] = [
    ["seriousness missing", { seriousness: undefined }, "seriousness", "required"],
    ["seriousness 0", { seriousness: 0 }, "seriousness", "invalidValue"],
    ["seriousness 6", { seriousness: 6 }, "seriousness", "invalidValue"],
    ["seriousness as text", { seriousness: "3" }, "seriousness", "invalidValue"],
    ["unknown type", { type: "complaint" }, "type", "invalidValue"],
    ["unknown bug location", { bug_location: "elsewhere" }, "bug_location", "invalidValue"],
    ["content missing", { content: undefined }, "content", "required"],
    ["content blank", { content: "   " }, "content", "required"],
    ["content over 200", { content: "x".repeat(201) }, "content", "tooLong"],
    ["contact missing", { contact: undefined }, "contact", "required"],
    ["contact blank", { contact: "" }, "contact", "required"],
    ["screenshot a gif", { base64_content: `data:image/gif;base64,${PNG_1PX}` }, "base64_content", "imgTypeTip"],
    ["screenshot not a data URL", { base64_content: "hello" }, "base64_content", "imgTypeTip"],
    [
      "screenshot png label on jpeg bytes",
      { base64_content: `data:image/png;base64,${JPEG_HEAD}` },
      "base64_content",
      "imgTypeTip",
    ],
    ["screenshot random bytes", { base64_content: "data:image/jpeg;base64,AAAAAAAA" }, "base64_content", "imgTypeTip"],
  ];

  it.each(invalidCases)("refuses %s with 1001 naming the field", async (_name, change, field, key) => {
    const before = await latestRow();
    const res = await call(srv.url, "/addFeedback", { body: { ...valid, ...change } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 1001, data: { field, key } });
    expect(res.json?.msg).toContain(field);
    expect((await latestRow())?.id).toBe(before?.id);
  });

  it("accepts exactly 200 characters of Chinese content", async () => {
    const content = "比特币".repeat(66).concat("币", "币");
    expect(content).toHaveLength(200);
    const res = await call(srv.url, "/addFeedback", { body: { ...valid, content } });
    expect(res.json?.code).toBe(200);
    expect((await latestRow())?.content).toBe(content);
  });

  it("stores a png screenshot with its type", async () => {
    const res = await call(srv.url, "/addFeedback", {
      body: { ...valid, base64_content: `data:image/png;base64,${PNG_1PX}` },
    });
    expect(res.json?.code).toBe(200);
    const row = await latestRow();
    expect(row?.screenshotMime).toBe("image/png");
    expect(row?.screenshot?.equals(Buffer.from(PNG_1PX, "base64"))).toBe(true);
  });

  it("lists every invalid field at once", async () => {
    const res = await call(srv.url, "/addFeedback", { body: { type: "bug" } });
    const fields = ((res.json?.data.issues ?? []) as { field: string }[]).map((issue) => issue.field).sort();
    expect(fields).toEqual(["bug_location", "contact", "content", "seriousness"]);
  });
});
