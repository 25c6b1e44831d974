import type { PubSub } from "../../providers/pubsub.ts";
import type { AlarmChannel } from "./alarm-ports.ts";
import { createUserPush } from "./user-push.ts";

/**
 * The open app's channel: fired alarms go out as `alarm` events for their accounts (user-push.ts), and every node's
 * push hub hands each to the streams its account opened with a ticket, never to anyone else's.
 */
export function createPushAlarmChannel(pubsub: PubSub): AlarmChannel {
  const push = createUserPush(pubsub);
  return {
    name: "push",
    deliver: (fired) => push.send(fired.map(({ userId, ...event }) => ({ userId, event: "alarm", data: event }))),
  };
}
