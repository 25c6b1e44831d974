import useSWRMutation from "swr/mutation";
import { z } from "zod";
import type { RegisterBody } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";

const registerDataSchema = z.object({ user_id: z.string() });
export type RegisterData = z.infer<typeof registerDataSchema>;

export const registerKey = routes.register.path;

/** POST /v2/api/register: creates an email account with the emailed code. */
export function register(body: RegisterBody): Promise<RegisterData> {
  return http.post(routes.register.path, { json: body, parse: (data) => registerDataSchema.parse(data) });
}

export function useRegister() {
  return useSWRMutation<RegisterData, ApiError, string, RegisterBody>(registerKey, (_key, { arg }) => register(arg));
}
