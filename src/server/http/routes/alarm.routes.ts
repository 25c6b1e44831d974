import { Hono } from "hono";
import { alarmRoutes as contract } from "../../../contract/alarms.ts";
import type { AlarmService } from "../../features/alarms/alarm-ports.ts";
import type { PushTickets } from "../../features/alarms/push-tickets.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requireSession } from "../middleware/session.ts";
import { jsonBody } from "../validate.ts";

/**
 * Price alarms of the signed-in user (4001 loginFirst for a visitor): list, add, delete, re-arm, mark seen; and the
 * ticket that opens the push channel as that user, so fired alarms reach their open app.
 */
export function alarmRoutes(deps: { alarms: AlarmService; tickets: PushTickets }) {
  const { alarms, tickets } = deps;
  return new Hono<AppEnv>()
    .get(contract.alarmList.path, async (c) => {
      const { userId } = requireSession(c);
      return ok(c, await alarms.list(userId));
    })
    .post(contract.alarmAdd.path, limitBody(contract.alarmAdd.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.alarmAdd.body);
      return ok(c, await alarms.add(userId, body));
    })
    .post(contract.alarmDelete.path, limitBody(contract.alarmDelete.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const { id } = await jsonBody(c, contract.alarmDelete.body);
      return ok(c, await alarms.remove(userId, id));
    })
    .post(contract.alarmRearm.path, limitBody(contract.alarmRearm.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const { id } = await jsonBody(c, contract.alarmRearm.body);
      return ok(c, await alarms.rearm(userId, id));
    })
    .post(contract.alarmSeen.path, limitBody(contract.alarmSeen.maxBodyBytes), async (c) => {
      const { userId } = requireSession(c);
      const body = await jsonBody(c, contract.alarmSeen.body);
      return ok(c, await alarms.seen(userId, body));
    })
    .post(contract.pushTicket.path, (c) => {
      const { userId } = requireSession(c);
      return ok(c, tickets.issue(userId));
    });
}
