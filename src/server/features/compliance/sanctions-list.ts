import { hex20ToTronAddress, isTronAddress } from "../../providers/chains/tron-address.ts";

/**
 * The OFAC SDN digital-currency address lists as the product reads them: one address a line (the shipped files in
 * data/compliance and the maintained lists they are refreshed from), and one index over all of them. EVM addresses
 * are one key in any letter case (the lists mix checksummed and lower-case forms); every other address (TRON,
 * Bitcoin and its forks, Monero, ...) is compared exactly, as its encoding is case-sensitive.
 */

const EVM = /^0x[0-9a-fA-F]{40}$/;
/** TRON's hex form: 41 and the account's 20 bytes */
const TRON_HEX = /^41[0-9a-fA-F]{40}$/;
/** a TRON address ("T" and 33 more Base58 characters): its checksum must hold */
const TRON_LIKE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** other chains' addresses (Base58, bech32, CashAddr without its prefix, Monero's 95 characters) */
const OTHER = /^[A-Za-z0-9]{25,110}$/;

export type ParsedList = { ok: true; addresses: string[] } | { ok: false; reason: string };

/** Whether one line of a list is an address in a form some chain uses. */
export function isListedForm(line: string): boolean {
  if (/^0x/i.test(line)) return EVM.test(line);
  if (TRON_LIKE.test(line)) return isTronAddress(line);
  return OTHER.test(line);
}

/**
 * Reads a list: every non-blank line must be an address (surrounding spaces and CRLF endings are tolerated);
 * anything else (an HTML page, JSON, a truncated line) makes the whole text not a list. Duplicates are dropped.
 */
export function parseAddressList(text: string): ParsedList {
  const addresses = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "") continue;
    if (!isListedForm(line)) return { ok: false, reason: `line ${i + 1} is not an address` };
    addresses.add(line);
  }
  return { ok: true, addresses: [...addresses] };
}

export interface SanctionsIndex {
  /** EVM addresses in lower case */
  readonly evm: ReadonlySet<string>;
  /** every other address as listed */
  readonly exact: ReadonlySet<string>;
}

export function indexLists(lists: Iterable<readonly string[]>): SanctionsIndex {
  const evm = new Set<string>();
  const exact = new Set<string>();
  for (const list of lists) {
    for (const address of list) {
      if (EVM.test(address)) evm.add(address.toLowerCase());
      else exact.add(address);
    }
  }
  return { evm, exact };
}

/** O(1): an EVM address in any case; a TRON address as "T..." or in its hex form; any other exactly. */
export function isListed(index: SanctionsIndex, address: string): boolean {
  const text = address.trim();
  if (EVM.test(text)) return index.evm.has(text.toLowerCase());
  if (TRON_HEX.test(text)) return index.exact.has(hex20ToTronAddress(text));
  return index.exact.has(text);
}
