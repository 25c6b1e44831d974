import { getAddress, isAddress, zeroAddress } from "viem";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import { sanctionedAddress } from "../compliance/sanctions-error.ts";
import { addressRefused, fieldError } from "./ai-wallet-errors.ts";

/**
 * The address allow rule of a withdrawal: a valid EVM address (a mixed-case one with a valid checksum), not the AI
 * wallet itself nor one of our deposit addresses, not on the sanctions list.
 */

export function checkDestination(
  input: string,
  rules: { own: readonly string[]; sanctions: SanctionsCheck },
): `0x${string}` {
  const text = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text) || text.toLowerCase() === zeroAddress) {
    throw fieldError("toAddress", "invalidAddress", "toAddress is not an EVM address");
  }
  // all lower or all upper case carries no checksum; mixed case must carry a valid one (EIP-55)
  const body = text.slice(2);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && !isAddress(text, { strict: true })) {
    throw addressRefused("toAddress", "addressChecksum", "toAddress has a wrong checksum (a mistyped address?)");
  }
  const address = getAddress(text.toLowerCase());
  if (rules.own.some((own) => own.toLowerCase() === address.toLowerCase())) {
    throw addressRefused(
      "toAddress",
      "ownAddress",
      "toAddress is the AI wallet itself or one of our deposit addresses",
    );
  }
  if (rules.sanctions.isSanctioned(address)) throw sanctionedAddress("toAddress");
  return address;
}
