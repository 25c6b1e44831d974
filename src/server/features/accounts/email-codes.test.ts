import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { emailVerifications } from "../../db/schema.ts";
import { manualClock } from "../../providers/clock.ts";
import { createEmailCodes } from "./email-codes.ts";

let handle: DatabaseHandle;
let counter = 0;
const nextEmail = () => `user${++counter}@codes.test`;
const MINUTE = 60_000;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

function setup() {
  const clock = manualClock(new Date("2030-01-01T00:00:00Z"));
  return { clock, codes: createEmailCodes(handle.db, clock) };
}

async function issue(codes: ReturnType<typeof setup>["codes"], email: string, scene: "REGISTER" | "FORGET_PASSWORD") {
  const result = await codes.issue(email, scene);
  if (result.status !== "issued") throw new Error(`not issued: ${result.status}`);
  return result.code;
}

const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("email codes", () => {
  it("issues a six-digit code stored only as a salted hash, spent by its first correct use", async () => {
    const { codes } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "REGISTER");
    expect(code).toMatch(/^\d{6}$/);
    const rows = await handle.db.select().from(emailVerifications);
    const row = rows.find((r) => r.email === email);
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(await codes.check(email, "REGISTER", code)).toEqual({ status: "ok" });
    expect(await codes.check(email, "REGISTER", code)).toEqual({ status: "wrong", remaining: 0 });
  });

  it("keeps scenes apart", async () => {
    const { codes } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "REGISTER");
    expect(await codes.check(email, "FORGET_PASSWORD", code)).toEqual({ status: "wrong", remaining: 0 });
    expect(await codes.check(email, "REGISTER", code)).toEqual({ status: "ok" });
  });

  it("refuses a new code within 60 s, telling how long to wait", async () => {
    const { codes, clock } = setup();
    const email = nextEmail();
    await issue(codes, email, "REGISTER");
    clock.advance(45_000);
    expect(await codes.issue(email, "REGISTER")).toEqual({ status: "tooSoon", retryAfterSeconds: 15 });
    expect((await codes.issue(email, "FORGET_PASSWORD")).status).toBe("issued");
    clock.advance(15_000);
    const again = await codes.issue(email, "REGISTER");
    expect(again.status).toBe("issued");
  });

  it("replaces the old code with the new one", async () => {
    const { codes, clock } = setup();
    const email = nextEmail();
    const first = await issue(codes, email, "REGISTER");
    clock.advance(MINUTE);
    const second = await issue(codes, email, "REGISTER");
    if (first !== second) {
      expect(await codes.check(email, "REGISTER", first)).toMatchObject({ status: "wrong" });
    }
    expect(await codes.check(email, "REGISTER", second)).toEqual({ status: "ok" });
  });

  it("expires a code after 10 minutes", async () => {
    const { codes, clock } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "REGISTER");
    clock.advance(10 * MINUTE);
    expect(await codes.check(email, "REGISTER", code)).toEqual({ status: "wrong", remaining: 0 });
  });

  it("counts wrong codes down, locks on the 3rd for 15 minutes, and a new code is needed after", async () => {
    const { codes, clock } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "FORGET_PASSWORD");
    expect(await codes.check(email, "FORGET_PASSWORD", wrongFor(code))).toEqual({ status: "wrong", remaining: 2 });
    expect(await codes.check(email, "FORGET_PASSWORD", wrongFor(code))).toEqual({ status: "wrong", remaining: 1 });
    expect(await codes.check(email, "FORGET_PASSWORD", wrongFor(code))).toEqual({ status: "locked" });
    // locked: the right code, a new code and further guesses are all refused
    expect(await codes.check(email, "FORGET_PASSWORD", code)).toEqual({ status: "locked" });
    clock.advance(2 * MINUTE);
    expect(await codes.issue(email, "FORGET_PASSWORD")).toEqual({ status: "locked" });
    clock.advance(13 * MINUTE - 1);
    expect(await codes.check(email, "FORGET_PASSWORD", code)).toEqual({ status: "locked" });
    clock.advance(1);
    // the lock has lifted; the old code stays burnt
    expect(await codes.check(email, "FORGET_PASSWORD", code)).toEqual({ status: "wrong", remaining: 0 });
    const fresh = await issue(codes, email, "FORGET_PASSWORD");
    expect(await codes.check(email, "FORGET_PASSWORD", wrongFor(fresh))).toEqual({ status: "wrong", remaining: 2 });
    expect(await codes.check(email, "FORGET_PASSWORD", fresh)).toEqual({ status: "ok" });
  });

  it("resets the wrong count with a new code", async () => {
    const { codes, clock } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "REGISTER");
    await codes.check(email, "REGISTER", wrongFor(code));
    await codes.check(email, "REGISTER", wrongFor(code));
    clock.advance(MINUTE);
    const fresh = await issue(codes, email, "REGISTER");
    expect(await codes.check(email, "REGISTER", wrongFor(fresh))).toEqual({ status: "wrong", remaining: 2 });
  });

  it("lets no concurrent guess past the lock", async () => {
    const { codes } = setup();
    const email = nextEmail();
    const code = await issue(codes, email, "REGISTER");
    const results = await Promise.all(Array.from({ length: 5 }, () => codes.check(email, "REGISTER", wrongFor(code))));
    expect(results.filter((result) => result.status === "locked").length).toBeGreaterThanOrEqual(3);
    expect(await codes.check(email, "REGISTER", code)).toEqual({ status: "locked" });
  });

  it("takes back a code whose mail failed, so another may be sent at once", async () => {
    const { codes } = setup();
    const email = nextEmail();
    const issued = await codes.issue(email, "REGISTER");
    if (issued.status !== "issued") throw new Error("not issued");
    await codes.discard(email, "REGISTER", issued.codeHash);
    expect((await codes.issue(email, "REGISTER")).status).toBe("issued");
  });
});
