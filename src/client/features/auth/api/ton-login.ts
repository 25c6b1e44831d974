import {
  type LoginData,
  loginDataSchema,
  type TonLoginBody,
  type TonProofPayloadData,
  tonProofPayloadDataSchema,
} from "../../../../contract/auth.ts";
import { routes } from "../../../../contract/routes.ts";
import { http } from "../../../shared/api/http.ts";

export const tonLoginKey = routes.tonLogin.path;

/** GET /v2/api/ton/proof/payload: a single-use payload for the wallet's ton_proof; never cached. */
export function getTonProofPayload(): Promise<TonProofPayloadData> {
  return http.get(routes.tonProofPayload.path, { parse: (data) => tonProofPayloadDataSchema.parse(data) });
}

/** POST /v2/api/tonLogin: the wallet's account and ton_proof. */
export function tonLogin(body: TonLoginBody): Promise<LoginData> {
  return http.post(routes.tonLogin.path, { json: body, parse: (data) => loginDataSchema.parse(data) });
}
