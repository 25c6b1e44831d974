import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Limits } from "../../../contract/constants.ts";

const hashMin = Limits.hashMin;
const hashMax = Limits.hashMax;

/**
 * Spec §5: a hash text is 5-150 characters once trimmed. Null when it is; else what to tell the user. Whether it
 * is a transaction hash at all is the server's call (malformedHash).
 */
export function hashLengthError(text: string): MessageDescriptor | null {
  const length = text.trim().length;
  if (length === 0) return msg`Please enter the transaction hash.`;
  if (length < hashMin || length > hashMax) return msg`The hash must be ${hashMin} to ${hashMax} characters long.`;
  return null;
}
