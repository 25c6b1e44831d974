import useSWRMutation from "swr/mutation";
import type { z } from "zod";
import { type SendEmailCodeBody, sendEmailCodeDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";

export type SendEmailCodeData = z.infer<typeof sendEmailCodeDataSchema>;

export const sendEmailCodeKey = routes.sendEmailCode.path;

/** POST /v2/api/sendEmailCode: emails a six-digit code (sign-up or password reset) after a human check. */
export function sendEmailCode(body: SendEmailCodeBody): Promise<SendEmailCodeData> {
  return http.post(routes.sendEmailCode.path, { json: body, parse: (data) => sendEmailCodeDataSchema.parse(data) });
}

export function useSendEmailCode() {
  return useSWRMutation<SendEmailCodeData, ApiError, string, SendEmailCodeBody>(sendEmailCodeKey, (_key, { arg }) =>
    sendEmailCode(arg),
  );
}
