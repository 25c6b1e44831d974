import useSWR from "swr";
import { type AccountData, accountDataSchema, payRoutes } from "../../../../contract/pay.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { usePayUserId } from "./pay-keys.ts";

const accountPath = payRoutes.payAccount.path;
export type PayAccountKey = readonly [typeof accountPath, string];

/** GET pay/account: the signed-in user's USDT balance (what purchases are paid from). */
export function getPayAccount(): Promise<AccountData> {
  return http.get(accountPath, { parse: (data) => accountDataSchema.parse(data) });
}

export function usePayAccount() {
  const userId = usePayUserId();
  const key: PayAccountKey | null = userId === null ? null : [accountPath, userId];
  return useSWR<AccountData, ApiError, PayAccountKey | null>(key, getPayAccount, swrOptions);
}
