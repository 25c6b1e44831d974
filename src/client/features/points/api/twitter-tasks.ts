import useSWR, { useSWRConfig } from "swr";
import {
  type TwitterTask,
  twitterBindingDataSchema,
  twitterSigninDataSchema,
  twitterUnbindingDataSchema,
  type UserVerifiedTaskData,
  userVerifiedTaskDataSchema,
  type VerifyUserOperationData,
  verifyUserOperationDataSchema,
} from "../../../../contract/points.ts";
import { routes } from "../../../../contract/routes.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { userActListPath } from "./get-user-act-list.ts";
import { userPointsInfoPath } from "./get-user-points-info.ts";
import { isPointsKey, useSignedInUserId } from "./points-key.ts";

export const verifiedTaskPath = routes.getUserVerifiedTask.path;
export type VerifiedTaskKey = readonly [typeof verifiedTaskPath, string];

/** GET getUserVerifiedTask: the bound X account and the tasks (notConfigured on a server without X API keys). */
export function getUserVerifiedTask(): Promise<UserVerifiedTaskData> {
  return http.get(verifiedTaskPath, { parse: (data) => userVerifiedTaskDataSchema.parse(data) });
}

/** Nothing is fetched while signed out; a server without X answers notConfigured once (no retries). */
export function useTwitterTasks() {
  const userId = useSignedInUserId();
  const key: VerifiedTaskKey | null = userId === null ? null : [verifiedTaskPath, userId];
  return useSWR<UserVerifiedTaskData, ApiError, VerifiedTaskKey | null>(key, getUserVerifiedTask, {
    ...swrOptions,
    shouldRetryOnError: false,
  });
}

/** GET twitterSignin: X's authorization address for binding. */
export function twitterSignin(): Promise<string> {
  return http
    .get(routes.twitterSignin.path, { parse: (data) => twitterSigninDataSchema.parse(data) })
    .then((data) => data.authorizeUrl);
}

/** GET twitterBinding: finishes binding with what X sent back to the points center. */
export function twitterBinding(code: string, state: string): Promise<string> {
  return http
    .get(routes.twitterBinding.path, {
      parse: (data) => twitterBindingDataSchema.parse(data),
      searchParams: { code, state },
    })
    .then((data) => data.username);
}

export function twitterUnbinding(): Promise<boolean> {
  return http
    .get(routes.twitterUnBinding.path, { parse: (data) => twitterUnbindingDataSchema.parse(data) })
    .then((data) => data.unbound);
}

export function verifyUserOperation(task: TwitterTask): Promise<VerifyUserOperationData> {
  return http.get(routes.verifyUserOperation.path, {
    parse: (data) => verifyUserOperationDataSchema.parse(data),
    searchParams: { task },
  });
}

const afterTwitter = [verifiedTaskPath, userPointsInfoPath, userActListPath] as const;

/** Reads the tasks, the balance and the history again after a binding or a verified task. */
export function useRefreshTwitter(): () => void {
  const { mutate } = useSWRConfig();
  return () => void mutate((key) => isPointsKey(key, afterTwitter));
}
