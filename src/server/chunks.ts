/** `items` cut into runs of at most `size` (the last may be shorter), in order: for queries that take a bounded list. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += Math.max(1, size)) out.push(items.slice(at, at + Math.max(1, size)));
  return out;
}
