import useSWRMutation from "swr/mutation";
import type { ModifyPasswordBody } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";

export const modifyPasswordKey = routes.modifyPassword.path;

/** POST /v2/api/modifyPassword: sets a new password with the emailed code. */
export async function modifyPassword(body: ModifyPasswordBody): Promise<void> {
  await http.post(routes.modifyPassword.path, { json: body, parse: () => undefined });
}

export function useModifyPassword() {
  return useSWRMutation<void, ApiError, string, ModifyPasswordBody>(modifyPasswordKey, (_key, { arg }) =>
    modifyPassword(arg),
  );
}
