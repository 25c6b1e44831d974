import { createHash } from "node:crypto";
import { solveChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HumanCheckChallenge } from "../../../contract/auth.ts";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { humanChecksUsed } from "../../db/schema.ts";
import { manualClock } from "../clock.ts";
import { createHumanCheck } from "../human-check.ts";
import { ALTCHA_EXPIRES_MS, ALTCHA_MAX_NUMBER } from "./altcha.ts";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

type AltchaChallenge = Extract<HumanCheckChallenge, { provider: "altcha" }>;

/** What the widget does, with node:crypto for speed: find the number, submit the payload as base64 JSON. */
function solve(challenge: AltchaChallenge, change: Record<string, unknown> = {}): string {
  const max = challenge.maxnumber ?? ALTCHA_MAX_NUMBER;
  for (let number = 0; number <= max; number++) {
    if (createHash("sha256").update(`${challenge.salt}${number}`).digest("hex") === challenge.challenge) {
      const { provider: _provider, maxnumber: _max, ...fields } = challenge;
      return Buffer.from(JSON.stringify({ ...fields, number, took: 10, ...change })).toString("base64");
    }
  }
  throw new Error("unsolvable challenge");
}

async function altchaChallenge(check: ReturnType<typeof createHumanCheck>): Promise<AltchaChallenge> {
  const challenge = await check.challenge();
  if (challenge.provider !== "altcha") throw new Error("expected ALTCHA");
  return challenge;
}

describe("ALTCHA human check", () => {
  it("issues a SHA-256 challenge a browser solves quickly, expiring in 10 minutes", async () => {
    const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
    const challenge = await altchaChallenge(createHumanCheck({ turnstile: undefined }, "key", handle.db, clock));
    expect(challenge).toMatchObject({ provider: "altcha", algorithm: "SHA-256", maxnumber: ALTCHA_MAX_NUMBER });
    expect(challenge.maxnumber).toBeLessThanOrEqual(100_000);
    const expires = Number(new URLSearchParams(challenge.salt.split("?")[1]).get("expires"));
    expect(expires * 1000).toBe(clock.now().getTime() + ALTCHA_EXPIRES_MS);
  });

  it("accepts a solution from altcha-lib's own solver once, then refuses it", async () => {
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, manualClock());
    const challenge = await altchaChallenge(check);
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    expect(solution).not.toBeNull();
    const token = Buffer.from(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution?.number,
        salt: challenge.salt,
        signature: challenge.signature,
      }),
    ).toString("base64");
    expect(await check.verify(token, "127.0.0.1")).toBe(true);
    expect(await check.verify(token, "127.0.0.1")).toBe(false);
  });

  it("lets only one of two concurrent uses of a solution through", async () => {
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, manualClock());
    const token = solve(await altchaChallenge(check));
    const results = await Promise.all([check.verify(token, "ip"), check.verify(token, "ip")]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuses a wrong number, a forged signature, another server's challenge and other algorithms", async () => {
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, manualClock());
    const challenge = await altchaChallenge(check);
    const right = JSON.parse(Buffer.from(solve(challenge), "base64").toString("utf8")) as { number: number };
    expect(await check.verify(solve(challenge, { number: right.number + 1 }), "ip")).toBe(false);
    expect(await check.verify(solve(challenge, { signature: "0".repeat(64) }), "ip")).toBe(false);
    expect(await check.verify(solve(challenge, { algorithm: "SHA-1" }), "ip")).toBe(false);
    expect(await check.verify(solve(challenge, { number: "1" }), "ip")).toBe(false);
    const other = createHumanCheck({ turnstile: undefined }, "another key", handle.db, manualClock());
    expect(await check.verify(solve(await altchaChallenge(other)), "ip")).toBe(false);
    // the untouched solution still works: the refusals above spent nothing
    expect(await check.verify(solve(challenge), "ip")).toBe(true);
  });

  it("refuses garbage tokens", async () => {
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, manualClock());
    for (const token of [
      "",
      "not base64 at all",
      Buffer.from("[]").toString("base64"),
      Buffer.from("{}").toString("base64"),
    ]) {
      expect(await check.verify(token, "ip")).toBe(false);
    }
  });

  it("refuses a solution after its challenge expired, by the server's clock", async () => {
    const clock = manualClock();
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, clock);
    const token = solve(await altchaChallenge(check));
    clock.advance(ALTCHA_EXPIRES_MS);
    expect(await check.verify(token, "ip")).toBe(false);
  });

  it("remembers spent solutions until their challenge expires, then sweeps them", async () => {
    const clock = manualClock(new Date("2031-01-01T00:00:00Z"));
    const check = createHumanCheck({ turnstile: undefined }, "key", handle.db, clock);
    expect(await check.verify(solve(await altchaChallenge(check)), "ip")).toBe(true);
    const before = (await handle.db.select().from(humanChecksUsed)).length;
    clock.advance(ALTCHA_EXPIRES_MS + 61_000);
    expect(await check.verify(solve(await altchaChallenge(check)), "ip")).toBe(true);
    const after = await handle.db.select().from(humanChecksUsed);
    expect(after.length).toBeLessThan(before + 1);
    expect(after.every((row) => row.expiresAt > clock.now())).toBe(true);
  });
});
