import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { badTexts, badValues, type JsonSchema, nested, plausible, type Random, seededRandom } from "./fuzz-inputs.ts";
import { createTestDatabase, newDeviceNo, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/**
 * For every route of the served OpenAPI document, seeded bad input (wrong types, empty, huge, NUL, lone
 * surrogates, deep nesting, bad JSON, wrong content types, missing bodies, unknown query parameters, bad headers),
 * as a visitor and with a session. No answer may be a 5xx, show a stack trace or a secret, or be an error that is
 * not the spec's envelope.
 */

const SEED = 20261125;
/**
 * cases per route and per caller (visitor, session): bounds the run on a loaded machine. The plausible input is
 * always one of them; the rest are a seeded sample of every case. FUZZ_CASES_PER_ROUTE=1000 sends every case.
 */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 14);
const PARALLEL = 4;
const API_KEY = "fuzz-api-key-7f3a9c1e5b";
/** a bot token of the right shape, so Telegram sign-in is configured and checks the init data it is sent */
const BOT_TOKEN = "7000000001:AAFuzzFuzzFuzzFuzzFuzzFuzzFuzzFuzzF";
const STACK = /\n\s+at\s|\.ts:\d+:\d+|\.js:\d+:\d+|node_modules/;

interface Parameter {
  name: string;
  in: "header" | "query" | "path";
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

interface Case {
  label: string;
  pathParams: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  /** the raw body text; undefined sends none */
  body?: string;
}

const clock = manualClock(new Date("2026-11-25T08:00:00.000Z"));
let db: TestDatabase;
let srv: TestServer;
let doc: Document;
/** a stand-in for Google's tokeninfo endpoint that refuses every token, as Google does a made-up one */
let google: Server;

beforeAll(async () => {
  google = createServer((_req, res) => {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "invalid_token" }));
  });
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  db = await createTestDatabase();
  const env = {
    ...db.env,
    API_KEY,
    BOT_TOKEN,
    // the token only checks init data here: no bot runs (it would call Telegram)
    BOT_MODE: "off",
    GOOGLE_CLIENT_ID: "fuzz-client.apps.example",
    GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/tokeninfo`,
    LOG_LEVEL: "warn",
  };
  srv = await startTestServer(env, { clock });
  doc = (await (await fetch(`${srv.url}/v2/api/openapi.json`)).json()) as Document;
});
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  google?.closeAllConnections();
  await new Promise((resolve) => google?.close(resolve));
});

let users = 0;
/** A signed-in user's bearer token, made the way sign-in makes it. */
async function sessionToken(): Promise<string> {
  users += 1;
  const database = srv.server.database.db;
  const user = await createUsersRepository(database, clock).create({
    email: `fuzz${users}@example.com`,
    username: `fuzzer${users}`,
  });
  if (!user) throw new Error("user not created");
  return (await createSessionsService(database, clock).signIn(user, "email")).user_token;
}

const json = (value: unknown) => JSON.stringify(value);
const JSON_TYPE = { "content-type": "application/json" };

/** Every way this route's input can be wrong; the seeded sample of them is what the test sends. */
function casesOf(operation: Operation, random: Random): Case[] {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const bodySchema = operation.requestBody?.content["application/json"].schema;
  const baseParams = Object.fromEntries(pathParams.map((p) => [p.name, String(plausible(p.schema, p.name))]));
  const baseQuery = queryParams.map((p): [string, string] => [p.name, String(plausible(p.schema, p.name))]);
  const baseBody = bodySchema ? plausible(bodySchema) : undefined;
  const base = (label: string): Case => ({
    label,
    pathParams: { ...baseParams },
    query: baseQuery.map(([name, value]): [string, string] => [name, value]),
    headers: bodySchema ? { ...JSON_TYPE } : {},
    body: baseBody === undefined ? undefined : json(baseBody),
  });
  const cases: Case[] = [base("plausible input")];
  const texts = badTexts(random);
  for (const param of pathParams) {
    for (const text of texts)
      cases.push({
        ...base(`path ${param.name}=${text.slice(0, 20)}`),
        pathParams: { ...baseParams, [param.name]: text },
      });
  }
  for (const param of queryParams) {
    for (const text of texts) {
      const c = base(`query ${param.name}=${text.slice(0, 20)}`);
      c.query = c.query.map(([name, value]) => [name, name === param.name ? text : value]);
      cases.push(c);
    }
    const repeated = base(`query ${param.name} twice`);
    repeated.query.push([param.name, texts[texts.length - 1] ?? ""]);
    cases.push(repeated);
  }
  cases.push({ ...base("no query"), query: [] });
  cases.push({ ...base("unknown query parameters"), query: [...baseQuery, ["zz", "\u0000"], ["__proto__", "1"]] });
  if (bodySchema && baseBody && typeof baseBody === "object" && !Array.isArray(baseBody)) {
    const fields = Object.keys(bodySchema.properties ?? baseBody);
    for (const field of fields) {
      for (const value of badValues(random)) {
        cases.push({
          ...base(`body ${field}=${json(value)?.slice(0, 20)}`),
          body: json({ ...baseBody, [field]: value }),
        });
      }
      const { [field]: _dropped, ...rest } = baseBody as Record<string, unknown>;
      cases.push({ ...base(`body without ${field}`), body: json(rest) });
    }
    // one level down: a field of an object, or of the first object of a list
    for (const [field, value] of Object.entries(baseBody as Record<string, unknown>)) {
      const inner = Array.isArray(value) ? value[0] : value;
      if (typeof inner !== "object" || inner === null || Array.isArray(inner)) continue;
      for (const key of Object.keys(inner)) {
        for (const bad of ["a\u0000b", "\uDC00", "", 7, null, nested(50)]) {
          const changed = { ...inner, [key]: bad };
          const body = { ...baseBody, [field]: Array.isArray(value) ? [changed] : changed };
          cases.push({ ...base(`body ${field}.${key}=${json(bad)?.slice(0, 20)}`), body: json(body) });
        }
      }
    }
    cases.push({
      ...base("body with unknown fields"),
      body: json({ ...baseBody, zz: "\u0000", constructor: { prototype: 1 } }),
    });
  }
  const wholeBodies: [string, string | undefined, Record<string, string>][] = [
    ["bad JSON", '{"a":', JSON_TYPE],
    ["not JSON", "hello there", JSON_TYPE],
    ["empty JSON body", "", JSON_TYPE],
    ["JSON null", "null", JSON_TYPE],
    ["JSON array", "[]", JSON_TYPE],
    ["JSON number", "1", JSON_TYPE],
    ["JSON string", '"x"', JSON_TYPE],
    ["deeply nested body", json(nested(3000)), JSON_TYPE],
    ["deeply nested field", json({ ...(typeof baseBody === "object" ? baseBody : {}), deep: nested(200) }), JSON_TYPE],
    ["huge body", json({ x: "y".repeat(300_000) }), JSON_TYPE],
    ["lone surrogate escaped", '{"x":"\\ud800"}', JSON_TYPE],
    ["NUL escaped", '{"x":"\\u0000"}', JSON_TYPE],
    ["text/plain body", json(baseBody ?? {}), { "content-type": "text/plain" }],
    ["form body", "a=1&b=2", { "content-type": "application/x-www-form-urlencoded" }],
    ["multipart body", "--b\r\n\r\nx\r\n--b--", { "content-type": "multipart/form-data; boundary=b" }],
    ["body without content type", json(baseBody ?? {}), {}],
    ["missing body", undefined, JSON_TYPE],
  ];
  for (const [label, body, headers] of wholeBodies) cases.push({ ...base(label), body, headers: { ...headers } });
  const headerCases: [string, Record<string, string>][] = [
    ["no device number", { "x-device-no": "" }],
    ["bad device number", { "x-device-no": "short" }],
    ["huge device number", { "x-device-no": "d".repeat(4000) }],
    ["no API key", { "x-api-key": "" }],
    ["wrong API key", { "x-api-key": "wrong" }],
    ["bad authorization", { authorization: "Basic Zm9vOmJhcg==" }],
    ["unknown token", { authorization: `Bearer ${"t".repeat(64)}` }],
    ["huge token", { authorization: `Bearer ${"t".repeat(6000)}` }],
  ];
  for (const [label, headers] of headerCases) {
    const c = base(label);
    cases.push({ ...c, headers: { ...c.headers, ...headers } });
  }
  return [cases[0] as Case, ...random.sample(cases.slice(1), CASES_PER_ROUTE - 1)];
}

/** Percent-encodes any text, lone surrogates included (as the UTF-8 of U+FFFD, which is what a client sends). */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, "\uFFFD"));

function urlOf(path: string, c: Case): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => encode(c.pathParams[name] ?? ""));
  const query = c.query.map(([name, value]) => `${encode(name)}=${encode(value)}`).join("&");
  return `${srv.url}${filled}${query ? `?${query}` : ""}`;
}

interface Outcome {
  status: number;
  problem?: string;
}

async function send(method: string, path: string, c: Case, secrets: string[]): Promise<Outcome> {
  const headers: Record<string, string> = { "x-device-no": newDeviceNo(), "x-api-key": API_KEY, ...c.headers };
  for (const [name, value] of Object.entries(headers)) if (value === "") delete headers[name];
  const controller = new AbortController();
  const response = await fetch(urlOf(path, c), {
    method: method.toUpperCase(),
    headers,
    body: method === "get" ? undefined : c.body,
    signal: controller.signal,
  });
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    // an answer or the live channel opened: the input was good enough; stop reading
    controller.abort();
    return { status: response.status, problem: response.status === 200 ? undefined : "a stream with an error status" };
  }
  const text = await response.text();
  if (response.status >= 500)
    return { status: response.status, problem: `answered ${response.status}: ${text.slice(0, 120)}` };
  if (STACK.test(text)) return { status: response.status, problem: "a stack trace in the body" };
  if (secrets.some((secret) => text.includes(secret)))
    return { status: response.status, problem: "a secret in the body" };
  const isJson = type.startsWith("application/json");
  if (response.status >= 400 && !isJson)
    return { status: response.status, problem: `an error that is not JSON (${type})` };
  if (isJson && !path.endsWith("/openapi.json")) {
    const body = JSON.parse(text) as { code?: unknown; msg?: unknown; data?: { key?: unknown } };
    const envelope = typeof body.code === "number" && typeof body.msg === "string" && "data" in body;
    if (!envelope) return { status: response.status, problem: `not the envelope: ${text.slice(0, 120)}` };
    if (response.status >= 400 && typeof body.data?.key !== "string")
      return { status: response.status, problem: "an error without a message key" };
  }
  return { status: response.status };
}

async function inParallel<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await run(item);
      }
    }),
  );
}

describe("fuzzing every route of the OpenAPI document", () => {
  it("answers bad input with the envelope, never a 5xx, a stack trace or a secret", { timeout: 240_000 }, async () => {
    const random = seededRandom(SEED);
    const started = performance.now();
    const problems: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const cases = casesOf(operation, random);
        const token = await sessionToken();
        const secrets = [API_KEY, BOT_TOKEN, token];
        const calls = [
          ...cases.map((c) => ({ c, who: "visitor" })),
          ...cases.map((c) => ({
            c: { ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } },
            who: "session",
          })),
        ];
        await inParallel(calls, PARALLEL, async ({ c, who }) => {
          requests += 1;
          try {
            const outcome = await send(method, path, c, secrets);
            statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
            if (outcome.problem)
              problems.push(`${method.toUpperCase()} ${path} [${who}] ${c.label}: ${outcome.problem}`);
          } catch (error) {
            problems.push(
              `${method.toUpperCase()} ${path} [${who}] ${c.label}: request failed: ${String(error)} ${String((error as { cause?: unknown }).cause)}`,
            );
          }
        });
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: ${requests} requests to ${Object.keys(doc.paths).length} paths in ${seconds} s (seed ${SEED}); statuses ${json(Object.fromEntries(statuses))}`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  });
});
