import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { captchaDataSchema } from "../../../contract/auth.ts";
import type { Database } from "../../db/client.ts";
import { captchas } from "../../db/schema.ts";
import { createSingleUseTokens } from "../../db/single-use-tokens.ts";
import { encodePng } from "../../png.ts";
import type { Clock } from "../../providers/clock.ts";
import { CAPTCHA_ALPHABET } from "./captcha-font.ts";
import { renderCaptcha } from "./captcha-image.ts";

export const CAPTCHA_TTL_SECONDS = 5 * 60;

/** How an answer is kept: sha256 of its upper-case, trimmed form (answers are case-insensitive). */
export function captchaAnswerHash(answer: string): string {
  return createHash("sha256").update(answer.trim().toUpperCase()).digest("hex");
}

function drawAnswer(): string {
  const length = randomInt(4, 6);
  let answer = "";
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return answer;
}

/** Image captchas: 4-5 characters drawn as a PNG; only the answer's hash is stored; each serves one check. */
export function createCaptchaService(db: Database, clock: Clock) {
  const tokens = createSingleUseTokens(db, clock, {
    table: captchas,
    token: captchas.id,
    expiresAt: captchas.expiresAt,
    sweepEveryMs: 60_000,
  });
  return {
    async create(): Promise<z.infer<typeof captchaDataSchema>> {
      const now = clock.now();
      const answer = drawAnswer();
      const captchaId = randomBytes(16).toString("base64url");
      await tokens.issue({
        id: captchaId,
        answerHash: captchaAnswerHash(answer),
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      });
      const png = encodePng(renderCaptcha(answer));
      return {
        captchaId,
        image: `data:image/png;base64,${png.toString("base64")}`,
        expiresInSeconds: CAPTCHA_TTL_SECONDS,
      };
    },

    /**
     * True when the answer matches a live captcha. Any attempt spends the captcha, right or wrong, so each
     * image allows one guess; the client fetches a new one.
     */
    async verify(id: string, answer: string): Promise<boolean> {
      if (!id || !answer) return false;
      const row = await tokens.consume(id);
      if (!row) return false;
      const expected = Buffer.from(row.answerHash, "hex");
      const given = Buffer.from(captchaAnswerHash(answer), "hex");
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
