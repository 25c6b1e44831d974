import useSWR from "swr";
import type { z } from "zod";
import { captchaDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export type Captcha = z.infer<typeof captchaDataSchema>;

export const captchaKey = routes.getCaptcha.path;

/** GET /v2/api/getCaptcha: a new image captcha (a PNG data URL) and its id. */
export function getCaptcha(): Promise<Captcha> {
  return http.get(routes.getCaptcha.path, { parse: (data) => captchaDataSchema.parse(data) });
}

/**
 * The image captcha of a form (none while `formId` is null); `mutate()` fetches a new one (a click on the
 * image, after every send: each captcha answers once). Never shared between forms, never refreshed behind
 * the user's back.
 */
export function useCaptcha(formId: string | null) {
  return useSWR<Captcha, ApiError, readonly [string, string] | null>(formId ? [captchaKey, formId] : null, getCaptcha, {
    ...swrOptions,
    revalidateIfStale: false,
    revalidateOnReconnect: false,
  });
}
