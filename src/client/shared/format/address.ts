const KEPT_AT_EACH_END = 4;
// Anything this short already fits: shortening would save at most 3 characters.
const LONGEST_UNSHORTENED = 11;

/**
 * Wallet addresses and hashes: first 4 and last 4 characters around "..." (spec §5), so
 * "0x1234567890abcdef1234567890abcdef12345678" → "0x12...5678". Surrounding whitespace is trimmed;
 * 11 characters or fewer, and "", come back unchanged. Characters are counted as code points, so an emoji or
 * rare CJK character is never cut in half.
 */
export function shortenAddress(address: string | null | undefined): string {
  const trimmed = (address ?? "").trim();
  const characters = Array.from(trimmed);
  if (characters.length <= LONGEST_UNSHORTENED) return trimmed;
  const head = characters.slice(0, KEPT_AT_EACH_END).join("");
  const tail = characters.slice(-KEPT_AT_EACH_END).join("");
  return `${head}...${tail}`;
}
