// SKELETON (helper A replaces): getCaptcha, humanCheck/challenge, sendEmailCode, register, modifyPassword.
import { Hono } from "hono";
import type { CaptchaService } from "../../features/accounts/captcha.service.ts";
import type { EmailAuthService } from "../../features/accounts/email-auth.service.ts";
import type { HumanCheck } from "../../providers/human-check.ts";
import type { AppEnv } from "../app-env.ts";

export function emailAuthRoutes(_deps: {
  captcha: CaptchaService;
  humanCheck: HumanCheck;
  emailAuth: EmailAuthService;
}) {
  return new Hono<AppEnv>();
}
