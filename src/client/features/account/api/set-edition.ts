import { useSWRConfig } from "swr";
import useSWRMutation from "swr/mutation";
import type { z } from "zod";
import { routes } from "../../../../contract/routes.ts";
import type { editionBodySchema } from "../../../../contract/user.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { isUserInfoKey } from "./get-user-info.ts";

export type EditionBody = z.input<typeof editionBodySchema>;

export const setEditionKey = routes.setEdition.path;

/** POST /v2/api/user/edition: switches between the PLUS and Basic editions. */
export async function setEdition(body: EditionBody): Promise<void> {
  await http.post(routes.setEdition.path, { json: body, parse: () => undefined });
}

export function useSetEdition() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<void, ApiError, string, EditionBody>(setEditionKey, async (_key, { arg }) => {
    await setEdition(arg);
    await mutate(isUserInfoKey);
  });
}
