/** The generated coin image: a disc in a colour derived from the symbol, with the abbreviation's letters. */

const ABBR = /^[A-Z0-9]{1,20}$/;

/** FNV-1a: a stable hash, so a coin keeps its colour across restarts and nodes. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function isCoinAbbr(text: string): boolean {
  return ABBR.test(text);
}

/** An SVG of 64×64 for an upper-case abbreviation (checked by the caller with isCoinAbbr). */
export function coinImageSvg(abbr: string): string {
  const h = hash(abbr);
  const hue = h % 360;
  const saturation = 55 + ((h >>> 9) % 20);
  const letters = abbr.slice(0, 4);
  const size = letters.length <= 2 ? 26 : letters.length === 3 ? 20 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${abbr}">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} ${saturation}% 42%)"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" ` +
    `font-size="${size}" fill="#fff">${letters}</text></svg>`
  );
}
