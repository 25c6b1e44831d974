import type { EmailScene } from "../../../contract/auth.ts";
import { escapeHtml } from "../../escape-html.ts";
import type { MailMessage } from "./mailer.ts";

export type MailLanguage = "en" | "cn";

interface Wording {
  subject: string;
  intro: string;
  expiry: (minutes: number) => string;
  ignore: string;
  signature: string;
}

const wording: Record<MailLanguage, Record<EmailScene, Wording>> = {
  en: {
    REGISTER: {
      subject: "Your MountainLion sign-up code",
      intro: "Use this code to finish creating your MountainLion account:",
      expiry: (minutes) => `The code expires in ${minutes} minutes and works once.`,
      ignore: "If you did not ask to sign up, ignore this mail; no account is created without the code.",
      signature: "The MountainLion team",
    },
    FORGET_PASSWORD: {
      subject: "Your MountainLion password reset code",
      intro: "Use this code to set a new password for your MountainLion account:",
      expiry: (minutes) => `The code expires in ${minutes} minutes and works once.`,
      ignore: "If you did not ask to reset your password, ignore this mail; your password stays as it is.",
      signature: "The MountainLion team",
    },
  },
  cn: {
    REGISTER: {
      subject: "您的 MountainLion 注册验证码",
      intro: "请使用以下验证码完成 MountainLion 账号注册：",
      expiry: (minutes) => `验证码 ${minutes} 分钟内有效，仅可使用一次。`,
      ignore: "如果这不是您本人的操作，请忽略本邮件；没有验证码不会创建账号。",
      signature: "MountainLion 团队",
    },
    FORGET_PASSWORD: {
      subject: "您的 MountainLion 重置密码验证码",
      intro: "请使用以下验证码为您的 MountainLion 账号设置新密码：",
      expiry: (minutes) => `验证码 ${minutes} 分钟内有效，仅可使用一次。`,
      ignore: "如果这不是您本人的操作，请忽略本邮件；您的密码不会改变。",
      signature: "MountainLion 团队",
    },
  },
};

/** The mail carrying a six-digit code for sign-up or password reset, in English or Chinese (text + html). */
export function verificationCodeMail(options: {
  to: string;
  code: string;
  scene: EmailScene;
  language: MailLanguage;
  expiresInMinutes: number;
}): MailMessage {
  const words = wording[options.language][options.scene];
  const expiry = words.expiry(options.expiresInMinutes);
  const text = [words.intro, "", options.code, "", expiry, words.ignore, "", words.signature, ""].join("\n");
  const lang = options.language === "cn" ? "zh-CN" : "en";
  const html = `<!doctype html>
<html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(words.intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(options.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#666">${escapeHtml(words.ignore)}</p>
<p>${escapeHtml(words.signature)}</p>
</body></html>
`;
  return { to: options.to, subject: words.subject, text, html, code: options.code };
}
