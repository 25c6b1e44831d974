import useSWR from "swr";
import {
  type DepositQrCodeData,
  type DepositStatusData,
  depositQrCodeDataSchema,
  depositRoutes,
  depositStatusDataSchema,
  type SupportedCoinListData,
  supportedCoinListDataSchema,
  type UploadHashBody,
} from "../../../../contract/deposits.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

const coinListPath = depositRoutes.getSupportedCoinList.path;

/** GET pay/getSupportedCoinList: the chains a USDT deposit can be sent on; configured false when none are. */
export function getSupportedCoinList(): Promise<SupportedCoinListData> {
  return http.get(coinListPath, { parse: (data) => supportedCoinListDataSchema.parse(data) });
}

export function useSupportedCoinList(enabled: boolean) {
  return useSWR<SupportedCoinListData, ApiError, typeof coinListPath | null>(
    enabled ? coinListPath : null,
    getSupportedCoinList,
    swrOptions,
  );
}

export interface DepositRequest {
  productType: "CARDS" | "POINTS";
  productId: number;
  chain: string;
}

/** POST pay/getDepositQrCode: opens the pending order and answers where and how much to send, with the QR code. */
export function getDepositQrCode(request: DepositRequest): Promise<DepositQrCodeData> {
  return http.post(depositRoutes.getDepositQrCode.path, {
    json: { ...request, coinCode: "USDT" },
    parse: (data) => depositQrCodeDataSchema.parse(data),
  });
}

/** POST pay/uploadHash: the server reads the transfer from the chain; pending, success or failed with the reason. */
export function uploadHash(body: UploadHashBody): Promise<DepositStatusData> {
  return http.post(depositRoutes.uploadHash.path, {
    json: body,
    parse: (data) => depositStatusDataSchema.parse(data),
  });
}

/** GET bscHashCheck: the user's deposit by hash, checked on chain again while pending. */
export function checkHash(hash: string, chain: string): Promise<DepositStatusData> {
  return http.get(depositRoutes.bscHashCheck.path, {
    searchParams: { hash, chain },
    parse: (data) => depositStatusDataSchema.parse(data),
  });
}

const depositQrPath = depositRoutes.getDepositQrCode.path;
export type DepositQrKey = readonly [typeof depositQrPath, string, "CARDS" | "POINTS", number, string];

/**
 * The deposit for one product on one chain, asked once while the top-up shows it (asking opens a pending order,
 * so it is not asked again behind the user's back: no revalidation on focus, reconnect or remount).
 */
export function useDepositQrCode(userId: string | null, request: DepositRequest) {
  const key: DepositQrKey | null =
    userId === null ? null : [depositQrPath, userId, request.productType, request.productId, request.chain];
  return useSWR<DepositQrCodeData, ApiError, DepositQrKey | null>(
    key,
    ([, , productType, productId, chain]: DepositQrKey) => getDepositQrCode({ productType, productId, chain }),
    { ...swrOptions, revalidateIfStale: false, revalidateOnReconnect: false },
  );
}
