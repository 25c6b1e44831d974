// SKELETON (helper A replaces): image captchas.
import type { z } from "zod";
import type { captchaDataSchema } from "../../../contract/auth.ts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../providers/clock.ts";

export function createCaptchaService(_db: Database, _clock: Clock) {
  return {
    create: async (): Promise<z.infer<typeof captchaDataSchema>> => {
      throw new Error("pending");
    },
    verify: async (_id: string, _answer: string): Promise<boolean> => false,
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
