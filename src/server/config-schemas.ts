import { z } from "zod";

/** Pieces of the environment's schemas that config.ts and config-swap.ts share. */

/** a setting that may be absent: unset, empty or blank is undefined, anything else is trimmed */
export const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** a chain id written in a setting's name or value (1, 56, 31337) */
export const chainIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER));

/** a JSON-RPC node's URL (http or https) */
export const rpcUrlSchema = z.url({ protocol: /^https?$/ });
