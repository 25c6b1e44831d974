import { Hono } from "hono";
import { swapRoutes as contract } from "../../../contract/swap.ts";
import type { SwapService } from "../../features/swap/swap.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody, queryParams } from "../validate.ts";

/**
 * Swaps from the user's own wallet (spec §7): the chain table, token lists, wallet balances and quotes are public
 * (a signed-in caller's quote is kept as theirs); orders, hashes, the record and cancelling are the signed-in
 * user's (4001 loginFirst for a visitor). summaryForSwap and hotTokenForSwap are the swap assistant's routes.
 */
export function swapRoutes(swap: SwapService) {
  return new Hono<AppEnv>()
    .get(contract.getSupportChainList.path, (c) => ok(c, swap.chainList()))
    .get(contract.swapTokenList.path, async (c) => {
      const { chainId } = queryParams(c, contract.swapTokenList.query);
      return ok(c, await swap.tokenList(chainId));
    })
    .get(contract.getWalletAssets.path, async (c) => {
      return ok(c, await swap.walletAssets(queryParams(c, contract.getWalletAssets.query)));
    })
    .get(contract.swapGetQuoteData.path, async (c) => {
      const query = queryParams(c, contract.swapGetQuoteData.query);
      return ok(c, await swap.quote(query, c.get("session")?.userId));
    })
    .post(contract.swapGetSwapData.path, limitBody(contract.swapGetSwapData.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.swapGetSwapData.body);
      return ok(c, await swap.swapData(userId, body));
    })
    .post(contract.swapAddTransData.path, limitBody(contract.swapAddTransData.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.swapAddTransData.body);
      return ok(c, await swap.addTransData(userId, body));
    })
    .post(contract.getSwapOrders.path, limitBody(contract.getSwapOrders.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.getSwapOrders.body);
      return ok(c, await swap.orders(userId, body));
    })
    .post(contract.getOrderStatus.path, limitBody(contract.getOrderStatus.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const { orderId } = await jsonBody(c, contract.getOrderStatus.body);
      return ok(c, await swap.orderStatus(userId, orderId));
    })
    .post(contract.cancelSwapOrder.path, limitBody(contract.cancelSwapOrder.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const { orderId } = await jsonBody(c, contract.cancelSwapOrder.body);
      return ok(c, await swap.cancel(userId, orderId));
    });
}
