import { z } from "zod";
import type { MessageKey } from "./message-keys.ts";

/** Every response of /v2/api is this envelope; `code` comes from the error catalogue. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** What `data` holds when `code` is not 200. */
export interface ErrorData {
  /** message key the client translates */
  key: MessageKey;
  /** the first invalid field, when the request was invalid */
  field?: string;
  /** every invalid field with its message key */
  issues?: FieldIssue[];
  /** tries left before a lock (2006 in password reset, 2015) */
  remaining?: number;
  /** 9002 needTopUp: what the USDT balance lacks, the price and the balance (decimal USDT strings) */
  shortfall?: string;
  price?: string;
  balance?: string;
}

export interface FieldIssue {
  field: string;
  key: MessageKey;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const errorDataSchema = z.object({
  key: z.string(),
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), key: z.string() })).optional(),
  remaining: z.number().int().optional(),
  shortfall: z.string().optional(),
  price: z.string().optional(),
  balance: z.string().optional(),
});
