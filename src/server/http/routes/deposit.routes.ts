import { Hono } from "hono";
import { depositRoutes as contract } from "../../../contract/deposits.ts";
import type { DepositService } from "../../features/pay/deposits/deposit.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody, queryParams } from "../validate.ts";

/**
 * USDT deposits checked on chain (spec §7 pay/getSupportedCoinList, pay/getDepositQrCode, pay/getUserDepositQrCode,
 * pay/uploadHash, bscHashCheck). The list of chains is public; the rest is the signed-in user's.
 */
export function depositRoutes(deposits: DepositService) {
  return new Hono<AppEnv>()
    .get(contract.getSupportedCoinList.path, (c) => ok(c, deposits.supportedCoins()))
    .post(contract.getDepositQrCode.path, limitBody(contract.getDepositQrCode.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.getDepositQrCode.body);
      return ok(c, await deposits.depositQrCode(userId, body));
    })
    .post(contract.getUserDepositQrCode.path, limitBody(contract.getUserDepositQrCode.maxBodyBytes), async (c) => {
      requireSession(c);
      const body = await jsonBody(c, contract.getUserDepositQrCode.body);
      return ok(c, await deposits.userDepositQrCode(body));
    })
    .post(contract.uploadHash.path, limitBody(contract.uploadHash.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.uploadHash.body);
      return ok(c, await deposits.upload(userId, body));
    })
    .get(contract.bscHashCheck.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await deposits.hashCheck(userId, queryParams(c, contract.bscHashCheck.query)));
    });
}
