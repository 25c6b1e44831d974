import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { SanctionsCheck } from "./sanctions.ts";

/**
 * 3001 sanctionedAddress on the field: the address is on the OFAC sanctions list, so nothing is sent to it, taken
 * from it, or signed in with it.
 */
export function sanctionedAddress(field: string, status: ContentfulStatusCode = 400): ApiError {
  return new ApiError(
    ErrorCode.InvalidDestinationAddress,
    "sanctionedAddress",
    status,
    [{ field, key: "sanctionedAddress" }],
    "the address is on the OFAC sanctions list",
  );
}

/** Throws sanctionedAddress(field) when the address is on the list; an absent address (or list) passes. */
export function refuseSanctioned(
  sanctions: SanctionsCheck | undefined,
  address: string | undefined,
  field: string,
  status: ContentfulStatusCode = 400,
): void {
  if (address !== undefined && sanctions?.isSanctioned(address)) throw sanctionedAddress(field, status);
}
