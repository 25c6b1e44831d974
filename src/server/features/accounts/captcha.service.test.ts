import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { captchas } from "../../db/schema.ts";
import { manualClock } from "../../providers/clock.ts";
import { CAPTCHA_TTL_SECONDS, captchaAnswerHash, createCaptchaService } from "./captcha.service.ts";

let handle: DatabaseHandle;
const clock = manualClock(new Date("2030-01-01T00:00:00Z"));

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: "memory://" });
});
afterAll(async () => {
  await handle?.close();
});

/** The answer is only in the picture; tests give a captcha a known one. */
async function withAnswer(id: string, answer: string) {
  await handle.db
    .update(captchas)
    .set({ answerHash: captchaAnswerHash(answer) })
    .where(eq(captchas.id, id));
}

describe("captcha service", () => {
  it("creates a PNG data URL and stores only a hash that expires in 5 minutes", async () => {
    const service = createCaptchaService(handle.db, clock);
    const created = await service.create();
    expect(created.expiresInSeconds).toBe(CAPTCHA_TTL_SECONDS);
    expect(created.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(created.image.slice(created.image.indexOf(",") + 1), "base64");
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(40);
    const [row] = await handle.db.select().from(captchas).where(eq(captchas.id, created.captchaId));
    expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 300_000);
    expect(row?.usedAt).toBeNull();
  });

  it("accepts the answer once, in any case and with spaces around it", async () => {
    const service = createCaptchaService(handle.db, clock);
    const { captchaId } = await service.create();
    await withAnswer(captchaId, "AC7K");
    expect(await service.verify(captchaId, " ac7k ")).toBe(true);
    expect(await service.verify(captchaId, "AC7K")).toBe(false);
  });

  it("spends the captcha on a wrong answer too", async () => {
    const service = createCaptchaService(handle.db, clock);
    const { captchaId } = await service.create();
    await withAnswer(captchaId, "AC7K");
    expect(await service.verify(captchaId, "AC7X")).toBe(false);
    expect(await service.verify(captchaId, "AC7K")).toBe(false);
  });

  it("refuses an expired captcha, an unknown id and empty input", async () => {
    const service = createCaptchaService(handle.db, clock);
    const { captchaId } = await service.create();
    await withAnswer(captchaId, "WXYZ");
    clock.advance(CAPTCHA_TTL_SECONDS * 1000);
    expect(await service.verify(captchaId, "WXYZ")).toBe(false);
    expect(await service.verify("no-such-id", "WXYZ")).toBe(false);
    expect(await service.verify("", "")).toBe(false);
  });

  it("lets one of two concurrent checks of the same answer through", async () => {
    const service = createCaptchaService(handle.db, clock);
    const { captchaId } = await service.create();
    await withAnswer(captchaId, "HJKM");
    const results = await Promise.all([service.verify(captchaId, "HJKM"), service.verify(captchaId, "HJKM")]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
