import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../api-error.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { createMailer } from "../../providers/mail/mailer.ts";
import type { AppEnv } from "../app-env.ts";
import { fail } from "../envelope.ts";
import { devOutboxRoutes } from "./dev-outbox.routes.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
  const mailer = createMailer({ smtpUrl: undefined, from: "x@ml.test" }, handle.db, pino({ level: "silent" }));
  await mailer.send({ to: "first@ml.test", subject: "First", text: "code 111111" });
  await mailer.send({ to: "second@ml.test", subject: "<b>Second</b>", text: "code 222222 & <script>" });
});
afterAll(async () => {
  await handle?.close();
});

/** The routes on an app with the server's error envelope, as the HTTP app mounts them, asked from `peer`. */
function app(enabled: boolean, peer = "127.0.0.1") {
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("peerIp", peer);
    await next();
  });
  root.route("/", devOutboxRoutes({ enabled, db: handle.db }));
  root.onError((error, c) => (error instanceof ApiError ? fail(c, error) : c.text("error", 500)));
  return root;
}

describe("dev outbox", () => {
  it("lists the latest mail newest first as an escaped page", async () => {
    const response = await app(true).request("/dev/outbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html.indexOf("Second")).toBeLessThan(html.indexOf("First"));
    expect(html).toContain("&lt;b&gt;Second&lt;/b&gt;");
    expect(html).toContain("code 222222 &amp; &lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain("second@ml.test");
  });

  it("answers the mail of one recipient as a JSON envelope", async () => {
    const response = await app(true).request("/v2/api/dev/outbox?to=%20First@ml.test");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; data: { list: { to: string; text: string }[] } };
    expect(body.code).toBe(200);
    expect(body.data.list).toEqual([expect.objectContaining({ to: "first@ml.test", text: "code 111111" })]);
    const all = (await (await app(true).request("/v2/api/dev/outbox")).json()) as { data: { list: unknown[] } };
    expect(all.data.list).toHaveLength(2);
  });

  it("is not there in production", async () => {
    const page = await app(false).request("/dev/outbox");
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("111111");
    const api = await app(false).request("/v2/api/dev/outbox");
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 1001, data: { key: "notFound" } });
  });

  it("is not there for a peer on another machine, even when enabled", async () => {
    for (const peer of ["192.0.2.10", "::ffff:10.0.0.2", "unknown"]) {
      const page = await app(true, peer).request("/dev/outbox");
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("111111");
      const api = await app(true, peer).request("/v2/api/dev/outbox");
      expect(api.status).toBe(404);
    }
    expect((await app(true, "::1").request("/dev/outbox")).status).toBe(200);
  });
});
