import { Hono } from "hono";
import { aiWalletRoutes as contract } from "../../../contract/ai-wallet.ts";
import type { AiSwapService } from "../../features/ai-wallet/ai-swap.service.ts";
import type { LimitOrdersService } from "../../features/ai-wallet/limit-orders.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

/**
 * Trading from the AI wallet (spec §7 aiAccountSwap, aiAccountLimitSwap, cancelLimitOrder; §5 limit orders only with
 * the AI wallet): a market swap the server signs and sends at once, and limit orders it executes when the market
 * crosses them. The signed-in user's only (4001 loginFirst for a visitor).
 */
export function aiTradeRoutes(deps: { swaps: AiSwapService; limits: LimitOrdersService }) {
  const { swaps, limits } = deps;
  return new Hono<AppEnv>()
    .post(contract.aiAccountSwap.path, limitBody(contract.aiAccountSwap.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountSwap.body);
      return ok(c, await swaps.execute(userId, body));
    })
    .post(contract.aiAccountLimitSwap.path, limitBody(contract.aiAccountLimitSwap.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountLimitSwap.body);
      return ok(c, await limits.place(userId, body));
    })
    .post(contract.cancelLimitOrder.path, limitBody(contract.cancelLimitOrder.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const { orderId } = await jsonBody(c, contract.cancelLimitOrder.body);
      return ok(c, await limits.cancel(userId, orderId));
    })
    .get(contract.aiAccountLimitOrders.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await limits.list(userId));
    });
}
