import { Hono } from "hono";
import { swapRoutes as contract } from "../../../contract/swap.ts";
import type { SwapAssistant } from "../../features/swap/ai/swap-assistant.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { jsonBody, queryParams } from "../validate.ts";

/**
 * MountainLion on the swap screen (spec §7 summaryForSwap, hotTokenForSwap): a request in words read into a swap
 * draft, and the tokens people trade on a chain. Both are public: neither reads a wallet or places anything.
 */
export function swapAssistantRoutes(assistant: SwapAssistant) {
  return new Hono<AppEnv>()
    .post(contract.summaryForSwap.path, limitBody(contract.summaryForSwap.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, contract.summaryForSwap.body);
      return ok(c, await assistant.summary(body));
    })
    .get(contract.hotTokenForSwap.path, async (c) => {
      const query = queryParams(c, contract.hotTokenForSwap.query);
      return ok(c, await assistant.hotTokens(query));
    });
}
