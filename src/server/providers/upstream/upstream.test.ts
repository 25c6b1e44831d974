import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { json, type StandIn, startStandIn, upstreamFailure } from "./stand-in.ts";
import { createUpstream } from "./upstream.ts";

const pingSchema = z.object({ ok: z.boolean() });
let standIn: StandIn;

beforeEach(async () => {
  standIn = await startStandIn();
});
afterEach(async () => {
  vi.useRealTimers();
  await standIn.close();
});

const upstream = (overrides: Partial<Parameters<typeof createUpstream>[0]> = {}) =>
  createUpstream({ name: "stand-in", baseUrl: standIn.url, timeoutMs: 1_500, retries: 2, backoffMs: 10, ...overrides });

const failure = upstreamFailure;

describe("upstream client", () => {
  it("returns the validated document and sends the query", async () => {
    standIn.handle(({ query }) => json({ ok: query.get("q") === "1" }));
    await expect(upstream().json("/api/ping", pingSchema, { q: 1 })).resolves.toEqual({ ok: true });
    expect(standIn.requests).toEqual(["/api/ping?q=1"]);
  });

  it("retries a 503 and a 429 with Retry-After, then succeeds", async () => {
    const replies = [
      json({ msg: "busy" }, 503),
      json({ code: -1003 }, 429, { "retry-after": "0" }),
      json({ ok: true }),
    ];
    standIn.handle(() => replies.shift());
    await expect(upstream().json("ping", pingSchema)).resolves.toEqual({ ok: true });
    expect(standIn.requests).toHaveLength(3);
  });

  it("gives up after its retries with the kind of the last failure", async () => {
    standIn.handle(() => json({ code: -1003, msg: "Too many requests" }, 429, { "retry-after": "0" }));
    const error = await failure(upstream().json("ping", pingSchema));
    expect(error.kind).toBe("rate-limited");
    expect(error.status).toBe(429);
    expect(standIn.requests).toHaveLength(3);
  });

  it("fails at once when Retry-After asks for longer than it will wait", async () => {
    standIn.handle(() => json({}, 429, { "retry-after": "120" }));
    const error = await failure(upstream({ maxRetryAfterMs: 1000 }).json("ping", pingSchema));
    expect(error.kind).toBe("rate-limited");
    expect(standIn.requests).toHaveLength(1);
  });

  it("does not retry a 400 and reports it as an http failure", async () => {
    standIn.handle(() => json({ code: -1121, msg: "Invalid symbol." }, 400));
    const error = await failure(upstream().json("ping", pingSchema));
    expect(error).toMatchObject({ kind: "http", status: 400 });
    expect(standIn.requests).toHaveLength(1);
  });

  it("times out a silent service, retrying each attempt", async () => {
    standIn.handle(() => ({ hang: true }));
    const error = await failure(upstream({ timeoutMs: 100, retries: 1 }).json("ping", pingSchema));
    expect(error.kind).toBe("timeout");
    expect(standIn.requests).toHaveLength(2);
  });

  it("calls a payload of the wrong shape or not JSON malformed", async () => {
    standIn.handle(() => json({ ok: "yes" }));
    expect((await failure(upstream().json("ping", pingSchema))).kind).toBe("malformed");
    standIn.handle(() => ({ body: "<html>maintenance</html>" }));
    expect((await failure(upstream().json("ping", pingSchema))).kind).toBe("malformed");
  });

  it("reports a refused connection as a network failure", async () => {
    const url = standIn.url;
    await standIn.close();
    standIn = await startStandIn();
    const error = await failure(createUpstream({ name: "gone", baseUrl: url, retries: 0 }).text("feed"));
    expect(error.kind).toBe("network");
  });

  it("opens the circuit after repeated failures, then lets a trial call close it", async () => {
    // the breaker reads Date.now(): only the date is faked, so the stand-in and the client's timers run as usual
    vi.useFakeTimers({ toFake: ["Date"] });
    standIn.handle(() => ({ status: 500, body: "" }));
    const client = upstream({ retries: 0, breakerFailures: 2, halfOpenAfterMs: 100 });
    await failure(client.text("feed"));
    await failure(client.text("feed"));
    expect(client.circuit).toBe("open");
    const asked = standIn.requests.length;
    expect((await failure(client.text("feed"))).kind).toBe("circuit-open");
    expect(standIn.requests).toHaveLength(asked);

    // just before the wait is over the circuit is still open; once it is over, one trial call goes through
    vi.advanceTimersByTime(99);
    expect((await failure(client.text("feed"))).kind).toBe("circuit-open");
    expect(standIn.requests).toHaveLength(asked);
    vi.advanceTimersByTime(1);
    standIn.handle(() => ({ body: "<rss/>" }));
    await expect(client.text("feed")).resolves.toBe("<rss/>");
    expect(client.circuit).toBe("closed");
  });
});
