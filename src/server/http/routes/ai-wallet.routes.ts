import { Hono } from "hono";
import { aiWalletRoutes as contract } from "../../../contract/ai-wallet.ts";
import type { AiWalletService } from "../../features/ai-wallet/ai-wallet.service.ts";
import { mailLanguageOf } from "../../features/ai-wallet/ai-wallet-mail.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

/**
 * The AI wallet (spec §7): its state and coins, creating it, funding it, withdrawals with an emailed code, and the
 * export of its key. All the signed-in user's (4001 loginFirst for a visitor); the code mails speak the request's
 * language (Accept-Language). aiAccountSwap and the limit orders are routed in their own file.
 */
export function aiWalletRoutes(wallet: AiWalletService) {
  return new Hono<AppEnv>()
    .get(contract.getAIAccountInfo.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await wallet.info(userId));
    })
    .post(contract.createAIAccount.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await wallet.create(userId));
    })
    .post(contract.aiAccountDeposit.path, limitBody(contract.aiAccountDeposit.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountDeposit.body);
      return ok(c, await wallet.deposit(userId, body));
    })
    .post(contract.getWithdrawInfo.path, limitBody(contract.getWithdrawInfo.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.getWithdrawInfo.body);
      return ok(c, await wallet.withdrawInfo(userId, body));
    })
    .post(contract.aiAccountPreWithdraw.path, limitBody(contract.aiAccountPreWithdraw.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountPreWithdraw.body);
      return ok(c, await wallet.preWithdraw(userId, body, mailLanguageOf(c.req.header("accept-language"))));
    })
    .post(contract.aiAccountWithdraw.path, limitBody(contract.aiAccountWithdraw.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountWithdraw.body);
      return ok(c, await wallet.withdrawWithCode(userId, body));
    })
    .get(contract.aiAccountWithdrawals.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await wallet.withdrawals(userId));
    })
    .post(contract.aiAccountPreExport.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await wallet.preExport(userId, mailLanguageOf(c.req.header("accept-language"))));
    })
    .post(contract.aiAccountExport.path, limitBody(contract.aiAccountExport.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.aiAccountExport.body);
      c.header("cache-control", "no-store");
      return ok(c, await wallet.exportKey(userId, body));
    });
}
