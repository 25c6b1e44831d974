import { Hono } from "hono";
import { starsRoutes as contract } from "../../../contract/stars.ts";
import type { StarsInvoiceService } from "../../features/pay/stars/stars-invoices.service.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

/** Telegram Stars (pay/stars/invoice): signed in only; without the bot the answer is 1001 starsUnavailable. */
export function starsRoutes(stars: StarsInvoiceService) {
  return new Hono<AppEnv>().post(
    contract.payStarsInvoice.path,
    limitBody(contract.payStarsInvoice.maxBodyBytes),
    async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.payStarsInvoice.body);
      return ok(c, await stars.createInvoice(userId, body));
    },
  );
}
