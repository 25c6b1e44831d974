import { afterAll, describe, expect, it } from "vitest";
import { feedback } from "../../src/server/db/schema.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase } from "./harness.ts";

let db: TestDatabase | undefined;
afterAll(() => db?.drop());

describe("stored data", () => {
  it("survives a server restart", async () => {
    db = await createTestDatabase();
    const first = await startTestServer(db.env);
    const sent = await call(first.url, "/addFeedback", {
      body: { seriousness: 5, type: "experience", content: "Charts load slowly on my phone", contact: "a@b.co" },
    });
    expect(sent.json?.code).toBe(200);
    await first.stop();

    const second = await startTestServer(first.env);
    try {
      const rows = await second.server.database.db.select().from(feedback);
      expect(rows.map((row) => row.content)).toEqual(["Charts load slowly on my phone"]);
      const again = await call(second.url, "/addFeedback", {
        body: { seriousness: 1, type: "other", content: "second", contact: "a@b.co" },
      });
      expect(again.json?.data).toEqual({ id: (sent.json?.data.id as number) + 1 });
    } finally {
      await second.stop();
    }
  });
});
