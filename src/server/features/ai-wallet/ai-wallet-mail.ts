import { escapeHtml } from "../../escape-html.ts";
import type { MailMessage } from "../../providers/mail/mailer.ts";
import type { MailLanguage } from "../../providers/mail/verification-mail.ts";

/**
 * The mails carrying the AI wallet's confirmation codes, in English or Chinese (text + html): a withdrawal's (with
 * what is sent where, so a mail the user did not expect is recognised) and the key export's.
 */

export type AiWalletMail =
  | { kind: "withdraw"; amount: string; symbol: string; toAddress: string; network: string }
  | { kind: "export"; address: string };

interface Wording {
  subject: string;
  intro: string;
  expiry: string;
  ignore: string;
  signature: string;
}

function wordingOf(mail: AiWalletMail, language: MailLanguage, minutes: number): Wording {
  if (language === "cn") {
    const common = { expiry: `验证码 ${minutes} 分钟内有效，仅可使用一次。`, signature: "MountainLion 团队" };
    return mail.kind === "withdraw"
      ? {
          ...common,
          subject: "您的 MountainLion AI 钱包提现验证码",
          intro: `请使用以下验证码确认从您的 AI 钱包发送 ${mail.amount} ${mail.symbol} 到 ${mail.toAddress}（${mail.network}）：`,
          ignore: "如果这不是您本人的操作，请勿泄露验证码并尽快修改密码；没有验证码不会转出任何资产。",
        }
      : {
          ...common,
          subject: "您的 MountainLion AI 钱包私钥导出验证码",
          intro: `请使用以下验证码查看您的 AI 钱包 ${mail.address} 的私钥。任何持有私钥的人都能支配钱包中的资产：`,
          ignore: "如果这不是您本人的操作，请勿泄露验证码并尽快修改密码；没有验证码不会显示私钥。",
        };
  }
  const common = {
    expiry: `The code expires in ${minutes} minutes and works once.`,
    signature: "The MountainLion team",
  };
  return mail.kind === "withdraw"
    ? {
        ...common,
        subject: "Your MountainLion AI wallet withdrawal code",
        intro: `Use this code to confirm sending ${mail.amount} ${mail.symbol} from your AI wallet to ${mail.toAddress} (${mail.network}):`,
        ignore:
          "If you did not ask for this withdrawal, do not share the code and change your password; nothing is sent without it.",
      }
    : {
        ...common,
        subject: "Your MountainLion AI wallet key export code",
        intro: `Use this code to show the private key of your AI wallet ${mail.address}. Whoever holds the key controls the wallet's coins:`,
        ignore:
          "If you did not ask to export the key, do not share the code and change your password; the key is not shown without it.",
      };
}

/** what the outbox copy of a delivered code mail shows instead of the code */
export const STORED_CODE_PLACEHOLDER = "[code sent by mail, not stored]";

export function aiWalletCodeMail(options: {
  to: string;
  code: string;
  mail: AiWalletMail;
  language: MailLanguage;
  expiresInMinutes: number;
}): MailMessage {
  const words = wordingOf(options.mail, options.language, options.expiresInMinutes);
  const lang = options.language === "cn" ? "zh-CN" : "en";
  const text = (code: string) =>
    [words.intro, "", code, "", words.expiry, words.ignore, "", words.signature, ""].join("\n");
  const html = (code: string) => `<!doctype html>
<html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1a1a1a;line-height:1.5">
<p>${escapeHtml(words.intro)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(code)}</p>
<p>${escapeHtml(words.expiry)}</p>
<p style="color:#666">${escapeHtml(words.ignore)}</p>
<p>${escapeHtml(words.signature)}</p>
</body></html>
`;
  return {
    to: options.to,
    subject: words.subject,
    text: text(options.code),
    html: html(options.code),
    code: options.code,
    // a delivered mail's stored copy never holds the live code
    storedWhenDelivered: { text: text(STORED_CODE_PLACEHOLDER), html: html(STORED_CODE_PLACEHOLDER) },
  };
}

/** The mail language of a request: Chinese when its Accept-Language prefers zh, else English. */
export function mailLanguageOf(acceptLanguage: string | undefined): MailLanguage {
  const first = (acceptLanguage ?? "").split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("zh") ? "cn" : "en";
}
