import { type LoginData, loginDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const telegramLoginKey = routes.telegramLogin.path;

/** POST /v2/api/telegramLogin: the mini app's raw init data, verified by the server. */
export function telegramLogin(initData: string): Promise<LoginData> {
  return http.post(routes.telegramLogin.path, { json: { initData }, parse: (data) => loginDataSchema.parse(data) });
}
