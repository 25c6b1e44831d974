import useSWRMutation from "swr/mutation";
import { type AddFeedbackBody, type AddFeedbackData, addFeedbackDataSchema } from "../../../../contract/feedback.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";

export const addFeedbackKey = routes.addFeedback.path;

/** POST /v2/api/addFeedback */
export function addFeedback(body: AddFeedbackBody): Promise<AddFeedbackData> {
  return http.post(routes.addFeedback.path, { json: body, parse: (data) => addFeedbackDataSchema.parse(data) });
}

/** Sends feedback; `isMutating` is true while it is on its way. Nothing cached depends on it. */
export function useAddFeedback() {
  return useSWRMutation<AddFeedbackData, ApiError, string, AddFeedbackBody>(addFeedbackKey, (_key, { arg }) =>
    addFeedback(arg),
  );
}
