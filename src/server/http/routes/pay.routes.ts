import type { Context } from "hono";
import { Hono } from "hono";
import { payRoutes as contract, IDEMPOTENCY_KEY_HEADER, requestIdSchema } from "../../../contract/pay.ts";
import { ApiError } from "../../api-error.ts";
import type { PayService } from "../../features/pay/pay.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody, queryParams } from "../validate.ts";

/** The purchase's own key: the Idempotency-Key header when sent (it must be a valid key), else the body's requestId. */
function requestKey(c: Context<AppEnv>, bodyKey: string | undefined): string | undefined {
  const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (header === undefined) return bodyKey;
  const parsed = requestIdSchema.safeParse(header);
  if (!parsed.success) {
    throw ApiError.invalid([{ field: "Idempotency-Key", key: "invalidValue" }], "invalid Idempotency-Key header");
  }
  return parsed.data;
}

/**
 * Plans and payments (spec §7 pay/products, pay/account, pay/preCharge, pay/confirmPayScenario, points/pointsCharge,
 * pay/openOrder, pay/getPaidInfo, pay/getBoughtList, getPopups). Only the products are public; the rest answer a
 * visitor 4001 (loginFirst) before reading the body.
 */
export function payRoutes(pay: PayService) {
  return new Hono<AppEnv>()
    .get(contract.payProducts.path, async (c) => ok(c, await pay.products()))
    .get(contract.payAccount.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await pay.accountInfo(userId));
    })
    .post(contract.payPreCharge.path, limitBody(contract.payPreCharge.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.payPreCharge.body);
      return ok(c, await pay.preCharge(userId, body));
    })
    .post(contract.payConfirmPayScenario.path, limitBody(contract.payConfirmPayScenario.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.payConfirmPayScenario.body);
      return ok(c, await pay.confirmPayScenario(userId, body, requestKey(c, body.requestId)));
    })
    .post(contract.pointsCharge.path, limitBody(contract.pointsCharge.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.pointsCharge.body);
      return ok(c, await pay.pointsCharge(userId, body.chargeId, requestKey(c, body.requestId)));
    })
    .post(contract.payOpenOrder.path, limitBody(contract.payOpenOrder.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.payOpenOrder.body);
      return ok(c, await pay.openOrderData(userId, body, requestKey(c, body.requestId)));
    })
    .post(contract.payGetPaidInfo.path, limitBody(contract.payGetPaidInfo.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.payGetPaidInfo.body);
      return ok(c, await pay.paidInfo(userId, body.orderNo));
    })
    .get(contract.payGetBoughtList.path, async (c) => {
      const { userId } = requireSession(c);
      const { page, pageNum } = queryParams(c, contract.payGetBoughtList.query);
      return ok(c, await pay.boughtList(userId, page, pageNum));
    })
    .get(contract.getPopups.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await pay.popups(userId));
    });
}
