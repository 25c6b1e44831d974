import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/** Development-only routes that are not part of the contract (the mail outbox, off in production). */
const DEVELOPMENT_ONLY = new Set(["GET /v2/api/dev/outbox"]);

interface Parameter {
  name: string;
  in: "header" | "query" | "path";
  required: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let db: TestDatabase;
let srv: TestServer;
let doc: Document;

beforeAll(async () => {
  db = await createTestDatabase();
  srv = await startTestServer(db.env);
  const res = await fetch(`${srv.url}/v2/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
});

/** The API routes the server mounts, as "METHOD /v2/api/path/{param}" (middleware and the 404 catch-all left out). */
function mountedRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const mounted: { method: string; path: string }[] = [];
  for (const route of srv.server.app.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/v2/api/")) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key) || DEVELOPMENT_ONLY.has(key)) continue;
    seen.add(key);
    mounted.push({ method: route.method, path: route.path });
  }
  return mounted;
}

const documented = () =>
  Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );

/** Whether a mounted route's pattern (`/a/:id`) takes a concrete path. */
const takes = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`).test(path);

describe("GET /v2/api/openapi.json", () => {
  it("documents every route the server mounts under /v2/api, with its method", () => {
    const mounted = mountedRoutes();
    expect(mounted.length).toBeGreaterThan(50);
    const missing = mounted
      .map(({ method, path }) => ({ method, path: path.replace(/:(\w+)/g, "{$1}") }))
      .filter(({ method, path }) => doc.paths[path]?.[method.toLowerCase()] === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it("documents only routes the server mounts", () => {
    const mounted = mountedRoutes();
    const unmounted = documented()
      .filter(({ method, path }) => {
        const concrete = path.replace(/\{\w+\}/g, "x1");
        return !mounted.some((route) => route.method === method && takes(route.path, concrete));
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(unmounted).toEqual([]);
  });

  it("names each path parameter of a path, and the query parameters a route reads", () => {
    for (const { path, operation } of documented()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((p) => p.in === "path").map((p) => p.name);
      expect(declared, path).toEqual(inPath);
    }
    const query = (path: string) =>
      doc.paths[path]?.get?.parameters.filter((p) => p.in === "query").map((p) => [p.name, p.required]);
    expect(query("/v2/api/getCoinList")).toEqual([
      ["keyword", false],
      ["category", false],
      ["page", false],
      ["pageSize", false],
    ]);
    expect(query("/v2/api/getMessageList")).toEqual([["msggroup", true]]);
    expect(query("/v2/api/chat/figure/compare.svg")).toEqual(expect.arrayContaining([["a", true]]));
    expect(doc.paths["/v2/api/userRate"]?.post?.parameters.filter((p) => p.in === "query").map((p) => p.name)).toEqual([
      "code",
      "rate",
    ]);
  });

  it("documents the live channel, this document and the public images", () => {
    const push = doc.paths["/v2/api/push"]?.get;
    expect(push?.responses["200"]?.content).toHaveProperty("text/event-stream");
    expect(push?.parameters.find((p) => p.name === "lang")?.schema).toMatchObject({ enum: ["en", "cn"] });
    for (const path of ["/v2/api/user/avatar/{id}", "/v2/api/coin/image/{file}", "/v2/api/chat/upload/{id}"]) {
      const operation = doc.paths[path]?.get;
      expect(operation, path).toBeDefined();
      // loaded by <img>: no device number asked
      expect(operation?.parameters.some((p) => p.name === "x-device-no")).toBe(false);
    }
    expect(doc.paths["/v2/api/openapi.json"]?.get).toBeDefined();
  });

  it("answers a query the document refuses the way the document says", async () => {
    const category = doc.paths["/v2/api/getCoinList"]?.get?.parameters.find((p) => p.name === "category");
    expect(category?.schema.enum).toContain("meme");
    expect((await call(srv.url, "/getCoinList?category=meme")).json?.code).toBe(200);
    const refused = await call(srv.url, "/getCoinList?category=not-a-category");
    expect(refused.json).toMatchObject({ code: 1001, data: { field: "category" } });
  });
});
