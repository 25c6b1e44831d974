import { shortenAddress } from "./address.ts";

/** Where the name is shown; each place has its own rule in spec §5. */
export type DisplayNameContext = "pointsDialog" | "popover";

export interface DisplayNameOptions {
  readonly context: DisplayNameContext;
}

const EVM_ADDRESS = /^0x[0-9a-f]+$/i;
// Bech32 alphabet (no 1, b, i, o after the prefix); covers bc1q... and bc1p... addresses.
const BECH32_BITCOIN_ADDRESS = /^bc1[02-9ac-hj-np-z]+$/i;
// Base58, 34 characters: TRON addresses.
const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
// Long printable-ASCII runs with no spaces: legacy Bitcoin addresses, hashes, other chains' addresses.
// ASCII only, because addresses are ASCII and a long Chinese name is a name, not an address.
const LONG_UNBROKEN_ASCII = /^[\x21-\x7e]{17,}$/;
const EMAIL = /^([^\s@]+)@([^\s@]+\.[^\s@]+)$/;
const EMAIL_LOCAL_PART_KEPT = 6;

/**
 * A user's name as shown in the points dialog or the header's user popover. Surrounding whitespace is
 * trimmed in both; a missing name is "".
 * - pointsDialog: a name containing ".com" (any case) is shown whole; an address-like name (0x..., bc1...,
 *   a TRON address, or any printable-ASCII run longer than 16 characters) is shortened with shortenAddress;
 *   anything else is shown whole.
 * - popover: an email shows the first 6 characters of its local part, "...@" and the domain
 *   ("invest...@gmail.com"); a local part of 6 or fewer characters is kept whole; other names are shown whole.
 */
export function displayName(name: string | null | undefined, { context }: DisplayNameOptions): string {
  const trimmed = (name ?? "").trim();
  return context === "pointsDialog" ? pointsDialogName(trimmed) : popoverName(trimmed);
}

function pointsDialogName(name: string): string {
  // Spec: names containing '.com' are not shortened there (they are emails the user recognises whole).
  if (name.toLowerCase().includes(".com")) return name;
  return looksLikeAddress(name) ? shortenAddress(name) : name;
}

function looksLikeAddress(name: string): boolean {
  return [EVM_ADDRESS, BECH32_BITCOIN_ADDRESS, TRON_ADDRESS, LONG_UNBROKEN_ASCII].some((pattern) => pattern.test(name));
}

function popoverName(name: string): string {
  const match = EMAIL.exec(name);
  if (match === null) return name;
  const [, localPart = "", domain = ""] = match;
  const characters = Array.from(localPart);
  if (characters.length <= EMAIL_LOCAL_PART_KEPT) return name;
  return `${characters.slice(0, EMAIL_LOCAL_PART_KEPT).join("")}...@${domain}`;
}
