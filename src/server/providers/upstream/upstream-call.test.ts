import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, type StandIn, startStandIn } from "./stand-in.ts";
import { UpstreamError } from "./upstream.ts";
import { callUpstream } from "./upstream-call.ts";

let standIn: StandIn;
beforeEach(async () => {
  standIn = await startStandIn();
});
afterEach(async () => {
  await standIn.close();
});

const failure = (pending: Promise<unknown>) =>
  pending.then(
    () => expect.unreachable("the call should fail"),
    (error: unknown) => error as UpstreamError,
  );

describe("callUpstream", () => {
  it("answers any status with the body read, once, and names the server", async () => {
    let userAgent: string | undefined;
    standIn.handle(({ headers }) => {
      userAgent = headers["user-agent"];
      return json({ error: "invalid_token" }, 400);
    });
    const answer = await callUpstream("stand-in", `${standIn.url}/check?x=1`, { method: "POST", body: "a=1" });
    expect(answer.status).toBe(400);
    expect(answer.ok).toBe(false);
    expect(answer.json()).toEqual({ error: "invalid_token" });
    expect(standIn.requests).toEqual(["/check?x=1"]);
    expect(userAgent).toBe("crypto-assistant/1.0");
  });

  it("a body that is not JSON reads as undefined, its text as it came", async () => {
    standIn.handle(() => ({ status: 200, body: "<html>" }));
    const answer = await callUpstream("stand-in", standIn.url);
    expect(answer.json()).toBeUndefined();
    expect(answer.text()).toBe("<html>");
  });

  it("a service that does not answer in time is a timeout, and is not asked twice", async () => {
    standIn.handle(() => ({ hang: true }));
    const error = await failure(callUpstream("stand-in", standIn.url, { method: "PUT", body: "x", timeoutMs: 100 }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.kind).toBe("timeout");
    expect(standIn.requests).toHaveLength(1);
  });

  it("a caller that gives up aborts the call", async () => {
    standIn.handle(() => ({ hang: true }));
    const controller = new AbortController();
    const pending = callUpstream("stand-in", standIn.url, { signal: controller.signal });
    await expect.poll(() => standIn.requests.length).toBe(1);
    controller.abort();
    expect((await failure(pending)).kind).toBe("aborted");
  });

  it("a service that cannot be reached is a network failure naming its host", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(callUpstream("stand-in", `http://127.0.0.1:${port}/x`));
    expect(error.kind).toBe("network");
    expect(error.message).toContain(`127.0.0.1:${port}`);
  });
});
