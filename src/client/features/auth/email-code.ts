import type { I18n } from "@lingui/core";
import { Limits } from "../../../contract/constants.ts";

/** The language sendEmailCode writes the mail in: the app's ("cn" for Chinese). */
export function mailLanguage(i18n: I18n): "en" | "cn" {
  return i18n.locale === "zh" ? "cn" : "en";
}

/** Spec §9: 60 s between sends, unless the server says otherwise. */
export function resendSeconds(answer: { resendAfterSeconds: number } | undefined): number {
  const seconds = answer?.resendAfterSeconds;
  return seconds !== undefined && seconds > 0 ? seconds : Limits.resendSeconds;
}

/** How long the form waits after the human check passed before it appears (spec §4). */
export const FORM_AFTER_CHECK_MS = 2000;
