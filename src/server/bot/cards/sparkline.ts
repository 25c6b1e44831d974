/** Eight heights of a text sparkline, lowest first. */
const BLOCKS = "▁▂▃▄▅▆▇█";

/**
 * A line of block characters, one per value (at most `width`, the last values kept): the lowest value is ▁, the
 * highest █, a flat series ▄ throughout. Values that are not finite numbers are left out.
 */
export function sparkline(values: readonly number[], width = 24): string {
  const kept = values.filter(Number.isFinite).slice(-width);
  if (kept.length === 0) return "";
  const min = Math.min(...kept);
  const max = Math.max(...kept);
  const top = BLOCKS.length - 1;
  return kept
    .map((value) => BLOCKS[max > min ? Math.round(((value - min) / (max - min)) * top) : Math.floor(top / 2)])
    .join("");
}
