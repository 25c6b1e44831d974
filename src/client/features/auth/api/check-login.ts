import type { z } from "zod";
import { checkLoginDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export type CheckLoginData = z.infer<typeof checkLoginDataSchema>;

export const checkLoginKey = routes.checkLogin.path;

/** GET /v2/api/checkLogin: whether the stored token is a live session, and whose (4001 when not). */
export function checkLogin(): Promise<CheckLoginData> {
  return http.get(routes.checkLogin.path, { parse: (data) => checkLoginDataSchema.parse(data) });
}
