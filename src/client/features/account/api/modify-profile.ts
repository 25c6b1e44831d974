import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import { routes } from "../../../../contract/routes.ts";
import type { ModifyProfileBody } from "../../../../contract/user.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { isUserInfoKey } from "./get-user-info.ts";

export const modifyProfileKey = routes.modifyProfile.path;

/** POST /v2/api/user/modifyProfile: a new username (once a week) and/or avatar (png/jpeg data URL). */
export async function modifyProfile(body: ModifyProfileBody): Promise<void> {
  await http.post(routes.modifyProfile.path, { json: body, parse: () => undefined });
}

/** Changes the profile, then reads user/info again (name, avatar, next allowed change). */
export function useModifyProfile() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, ApiError, string, ModifyProfileBody>(modifyProfileKey, async (_key, { arg }) => {
    await modifyProfile(arg);
    await mutate(isUserInfoKey);
  });
}
