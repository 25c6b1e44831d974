import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const loginOutKey = routes.loginOut.path;

/** GET /v2/api/loginOut: revokes the session of the token. */
export async function loginOut(): Promise<void> {
  await http.get(routes.loginOut.path, { parse: () => undefined });
}
