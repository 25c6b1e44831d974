import { z } from "zod";
import { alarmEventSchema } from "../../../contract/alarms.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { AlarmChannel, FiredAlarm } from "./alarm-ports.ts";

/** The channel fired alarms travel on to every node's push streams (pubsub adds the deployment's prefix). */
export const ALARM_FIRED_CHANNEL = "alarm:fired";
/** fired alarms per pubsub message: a tick that fires thousands sends several messages of a bounded size */
const PER_MESSAGE = 200;

const firedAlarmsSchema = z.array(alarmEventSchema.extend({ userId: z.number().int() }));

/** The fired alarms of one pubsub message, or none when it is not one (another version's, damaged). */
export function readFiredAlarms(message: string): FiredAlarm[] {
  try {
    const parsed = firedAlarmsSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The open app's channel: fired alarms are published on ALARM_FIRED_CHANNEL, and every node's push hub hands each
 * to the streams its account opened with a ticket (event `alarm`), never to anyone else's.
 */
export function createPushAlarmChannel(pubsub: PubSub): AlarmChannel {
  return {
    name: "push",
    async deliver(fired) {
      for (let i = 0; i < fired.length; i += PER_MESSAGE) {
        await pubsub.publish(ALARM_FIRED_CHANNEL, JSON.stringify(fired.slice(i, i + PER_MESSAGE)));
      }
    },
  };
}
