import useSWRMutation from "swr/mutation";
import { type LoginData, loginDataSchema, type UserLoginBody } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";

export const userLoginKey = routes.userLogin.path;

/** POST /v2/api/userLogin: by email and password, or (type 1) by a signed Sign-In with Ethereum message. */
export function userLogin(body: UserLoginBody): Promise<LoginData> {
  return http.post(routes.userLogin.path, { json: body, parse: (data) => loginDataSchema.parse(data) });
}

export function useUserLogin() {
  return useSWRMutation<LoginData, ApiError, string, UserLoginBody>(userLoginKey, (_key, { arg }) => userLogin(arg));
}
