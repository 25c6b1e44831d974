import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTurnstileCheck } from "./turnstile.ts";

/** A loopback stand-in for Cloudflare's siteverify: the response token picks the answer. */
let server: Server;
let verifyUrl: string;
const received: URLSearchParams[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    received.push(form);
    const token = form.get("response");
    if (token === "slow") {
      // never answers: only the check's own time limit ends the wait
      return;
    }
    if (token === "broken") {
      response.writeHead(500).end("oops");
      return;
    }
    if (token === "not-json") {
      response.writeHead(200, { "content-type": "application/json" }).end("<html>");
      return;
    }
    const success = form.get("secret") === "secret-key" && token === "good";
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify(success ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("Turnstile human check", () => {
  // a limit a loaded machine's loopback answer is always within; the late answer below never comes at all
  const options = (timeoutMs = 30_000) => ({ siteKey: "site-key", secretKey: "secret-key", verifyUrl, timeoutMs });

  it("hands the widget the site key", async () => {
    expect(await createTurnstileCheck(options()).challenge()).toEqual({ provider: "turnstile", siteKey: "site-key" });
  });

  it("posts secret, response and remote address, and accepts a success", async () => {
    received.length = 0;
    expect(await createTurnstileCheck(options()).verify("good", "203.0.113.7")).toBe(true);
    expect(Object.fromEntries(received[0] ?? [])).toEqual({
      secret: "secret-key",
      response: "good",
      remoteip: "203.0.113.7",
    });
  });

  it("leaves out an unknown remote address", async () => {
    received.length = 0;
    expect(await createTurnstileCheck(options()).verify("good", "unknown")).toBe(true);
    expect(received[0]?.has("remoteip")).toBe(false);
  });

  it("refuses a failed check, a 5xx, an unreadable answer and a late one", async () => {
    const check = createTurnstileCheck(options());
    expect(await check.verify("bad", "127.0.0.1")).toBe(false);
    expect(await check.verify("broken", "127.0.0.1")).toBe(false);
    expect(await check.verify("not-json", "127.0.0.1")).toBe(false);
    expect(await createTurnstileCheck(options(200)).verify("slow", "127.0.0.1")).toBe(false);
  });

  it("refuses when Cloudflare cannot be reached", async () => {
    const check = createTurnstileCheck({ ...options(), verifyUrl: "http://127.0.0.1:1/siteverify" });
    expect(await check.verify("good", "127.0.0.1")).toBe(false);
  });
});
