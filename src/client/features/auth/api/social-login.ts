import { type LoginData, loginDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const socialLoginKey = routes.socialLogin.path;

/** POST /v2/api/socialLogin: type 2 with the Google access token the redirect brought back. */
export function socialLogin(accessToken: string): Promise<LoginData> {
  return http.post(routes.socialLogin.path, {
    json: { type: 2, access_token: accessToken, oauth: "google" },
    parse: (data) => loginDataSchema.parse(data),
  });
}
