import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { z } from "zod";
import { emailSchema, inviterSchema, passwordSchema, verifyCodeSchema } from "../../../contract/auth.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import type { ApiError } from "../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../shared/i18n/message-key-text.ts";

/**
 * The fields of the sign-in, sign-up and reset forms (spec §3 login form) and their rules (spec §5). The
 * contract's schemas (the server runs the same ones) decide email, password, code and inviter; the second
 * password and the image code are checked here only.
 */
export const authFields = [
  "email",
  "password",
  "password2",
  "captchaCode",
  "inviter",
  "humanCheck",
  "verifyCode",
] as const;
export type AuthField = (typeof authFields)[number];
export type FieldErrors = Partial<Record<AuthField, MessageDescriptor>>;

const captchaRequired = msg`Please enter the image code.`;
const humanCheckRequired = msg`Please confirm that you are human first.`;

/** Spec §5: spaces are stripped from the email while typing. */
export function stripSpaces(value: string): string {
  return value.replace(/\s+/g, "");
}

/** Spec §5: only uppercase letters and digits; anything else is removed as typed. */
export function filterInviter(value: string): string {
  return value.replace(/[^A-Z0-9]/g, "").slice(0, 32);
}

function firstIssue(schema: z.ZodType, value: unknown): MessageDescriptor | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return messageForKey(result.error.issues[0]?.message ?? "invalidValue");
}

export const validateEmail = (email: string) => firstIssue(emailSchema, email);

/** Sign-up and reset: required, 6 to 20 characters. */
export const validateNewPassword = (password: string) => firstIssue(passwordSchema, password);

/** Sign-in: only required (older accounts may have other lengths). */
export function validateSignInPassword(password: string): MessageDescriptor | undefined {
  return password.length === 0 ? messageKeyText.enterpassword : undefined;
}

export function validatePassword2(password: string, password2: string): MessageDescriptor | undefined {
  if (password2.length === 0) return messageKeyText.enterpassword2;
  return password2 === password ? undefined : messageKeyText.passwordNosame;
}

export function validateCaptcha(code: string): MessageDescriptor | undefined {
  return code.trim().length === 0 ? captchaRequired : undefined;
}

/** Required, six digits: both say "enter the six-digit code". */
export function validateVerifyCode(code: string): MessageDescriptor | undefined {
  return verifyCodeSchema.safeParse(code).success ? undefined : messageKeyText.VerificationCode;
}

export const validateInviter = (inviter: string) => firstIssue(inviterSchema, inviter || undefined);

export function validateHumanCheck(token: string | undefined): MessageDescriptor | undefined {
  return token ? undefined : humanCheckRequired;
}

/** Keeps the errors that are set; the result is empty when every field passed. */
export function collectErrors(errors: FieldErrors): FieldErrors {
  const kept: FieldErrors = {};
  for (const field of authFields) {
    const error = errors[field];
    if (error) kept[field] = error;
  }
  return kept;
}

export function hasErrors(errors: FieldErrors): boolean {
  return authFields.some((field) => errors[field] !== undefined);
}

const fieldOfBodyField: Readonly<Record<string, AuthField>> = {
  email: "email",
  password: "password",
  verifyCode: "verifyCode",
  inviter: "inviter",
  captchaCode: "captchaCode",
  captchaId: "captchaCode",
  token: "humanCheck",
};

// Errors the server reports without naming a field, placed where the user can act on them (spec §8).
const fieldOfKey: Partial<Record<MessageKey, AuthField>> = {
  accountError: "email",
  emailRegistered: "email",
  sureEmail: "email",
  enterEmail: "email",
  incorrectLogin: "password",
  passwordLength: "password",
  codeError: "verifyCode",
  codeError2: "verifyCode",
  VerificationCode: "verifyCode",
  captchaError: "captchaCode",
  humanCheckFailed: "humanCheck",
};

/**
 * The server's errors by field, limited to the fields the form shows; undefined when the error is not about
 * one of them (it is then toasted). `wording` lets a form word a key its own way (codeError2 in a reset).
 */
export function fieldErrorsFromApi(
  error: ApiError,
  shown: readonly AuthField[],
  wording: (key: MessageKey) => MessageDescriptor = messageForKey,
): FieldErrors | undefined {
  const errors: FieldErrors = {};
  const place = (field: AuthField | undefined, key: MessageKey) => {
    if (field && shown.includes(field) && !errors[field]) errors[field] = wording(key);
  };
  for (const issue of error.issues) place(fieldOfBodyField[issue.field], issue.key);
  if (error.field !== undefined) place(fieldOfBodyField[error.field], error.key);
  place(fieldOfKey[error.key], error.key);
  return hasErrors(errors) ? errors : undefined;
}

export function firstInvalidField(errors: FieldErrors, order: readonly AuthField[]): AuthField | undefined {
  return order.find((field) => errors[field] !== undefined);
}
