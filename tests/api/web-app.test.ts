import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

let db: TestDatabase;
let srv: TestServer;
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(async () => {
  const staticDir = await mkdtemp(path.join(tmpdir(), "ml-static-"));
  await mkdir(path.join(staticDir, "assets"));
  await writeFile(
    path.join(staticDir, "index.html"),
    "<!doctype html><html><head><title>t</title></head><body></body></html>",
  );
  await writeFile(path.join(staticDir, "assets", "index-AbC123.js"), script);
  await writeFile(path.join(staticDir, "favicon.svg"), "<svg/>");
  db = await createTestDatabase();
  srv = await startTestServer({ ...db.env, STATIC_DIR: staticDir, API_KEY: "app-key-1" });
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

describe("serving the web app", () => {
  it("caches hashed assets for a year and compresses them", async () => {
    const res = await fetch(`${srv.url}/assets/index-AbC123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(script);
  });

  it("answers client-side routes with index.html, never cached, with the API key for the app", async () => {
    for (const route of ["/", "/chat/123", "/settings/?type=theme"]) {
      const res = await fetch(`${srv.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBeNull();
      expect(await res.text()).toContain('<meta name="app-api-key" content="app-key-1">');
    }
  });

  it("answers a missing file with 404, not the page", async () => {
    const res = await fetch(`${srv.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
  });

  it("refuses API calls without the configured API key", async () => {
    const without = await call(srv.url, "/llm/model/list");
    expect(without.status).toBe(401);
    expect(without.json).toMatchObject({ code: 1001, data: { key: "apiKeyInvalid" } });
    const withKey = await call(srv.url, "/llm/model/list", { headers: { "x-api-key": "app-key-1" } });
    expect(withKey.json?.code).toBe(200);
  });
});
