import { type WalletNonceData, walletNonceDataSchema } from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const walletNonceKey = routes.walletNonce.path;

/** GET /v2/api/wallet/nonce: a single-use nonce and the welcome text; never cached. */
export function getWalletNonce(): Promise<WalletNonceData> {
  return http.get(routes.walletNonce.path, { parse: (data) => walletNonceDataSchema.parse(data) });
}
