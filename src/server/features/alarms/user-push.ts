import { z } from "zod";
import { pushEventSchemas } from "../../../contract/push.ts";
import type { Logger } from "../../logger.ts";
import type { PubSub } from "../../providers/pubsub.ts";

/**
 * Events for one account on the push channel: a fired price alarm (`alarm`), a limit order that executed, failed or
 * expired (`limitOrder`). Whichever node makes one publishes it on USER_PUSH_CHANNEL; every node's push hub hands it
 * to the streams that account opened with a ticket there, never to anyone else's.
 */

/** The channel per-account events travel on to every node's push streams (pubsub adds the deployment's prefix). */
export const USER_PUSH_CHANNEL = "push:user";
/** events per pubsub message: a tick that fires thousands of alarms sends several messages of a bounded size */
const PER_MESSAGE = 200;

const userPushSchema = z.discriminatedUnion("event", [
  z.object({ userId: z.number().int(), event: z.literal("alarm"), data: pushEventSchemas.alarm }),
  z.object({ userId: z.number().int(), event: z.literal("limitOrder"), data: pushEventSchemas.limitOrder }),
]);
/** One event for one account's streams. */
export type UserPush = z.infer<typeof userPushSchema>;

/** The events of one pubsub message; an item that is not one (another version's, damaged) is left out. */
export function readUserPushes(message: string): UserPush[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const push = userPushSchema.safeParse(item);
    return push.success ? [push.data] : [];
  });
}

export interface UserPushSender {
  /** publishes the events to their accounts' streams on every node */
  send(pushes: readonly UserPush[]): Promise<void>;
  /** publishes one event without waiting for it; a failure is logged (the user still finds it in the app's lists) */
  tell(push: UserPush): void;
}

export function createUserPush(pubsub: PubSub, logger?: Logger): UserPushSender {
  async function send(pushes: readonly UserPush[]): Promise<void> {
    for (let i = 0; i < pushes.length; i += PER_MESSAGE) {
      await pubsub.publish(USER_PUSH_CHANNEL, JSON.stringify(pushes.slice(i, i + PER_MESSAGE)));
    }
  }
  return {
    send,
    tell(push) {
      send([push]).catch((error: unknown) =>
        logger?.warn({ err: error, event: push.event, userId: push.userId }, "push to the account not published"),
      );
    },
  };
}
