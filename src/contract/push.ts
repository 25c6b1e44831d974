import { z } from "zod";
import { limitOrderSchema } from "./ai-wallet.ts";
import { alarmEventSchema } from "./alarms.ts";
import { apiLanguages } from "./auth.ts";
import { helloEventSchema, tickEventSchema } from "./market.ts";
import { newsItemSchema } from "./news.ts";

/**
 * GET push: the live channel (Server-Sent Events). EventSource cannot send headers, so the device number and the
 * API key may travel as query parameters here instead.
 */
export const pushQuerySchema = z.object({
  lang: z.enum(apiLanguages, { error: "invalidValue" }).default("en"),
  /** the x-device-no header's value, for EventSource */
  deviceNo: z.string().optional(),
  /** the x-api-key header's value, for EventSource */
  apiKey: z.string().optional(),
  /** a ticket from POST push/ticket: the stream then also carries the signed-in user's alarms and limit orders */
  ticket: z.string().max(512, { error: "invalidValue" }).optional(),
});

/** The events of the live channel, by name. */
export const pushEventSchemas = {
  hello: helloEventSchema,
  lang: z.object({ lang: z.enum(apiLanguages) }),
  tick: tickEventSchema,
  news: newsItemSchema,
  /** one of the ticket holder's price alarms fired */
  alarm: alarmEventSchema,
  /** one of the ticket holder's limit orders executed (completed), failed or expired: the order as it is now */
  limitOrder: limitOrderSchema,
} as const;
