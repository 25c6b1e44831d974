import { Limits } from "../../../../contract/constants.ts";

/** Spec §5 and §9: a comparison holds at most this many coins. */
export const COMPARE_MAX = Limits.compareMax;

export type CompareChoice =
  | { kind: "added"; chosen: string[] }
  | { kind: "removed"; chosen: string[] }
  /** the comparison is full: nothing changes, and the reader is told to remove a coin first */
  | { kind: "full"; chosen: string[] };

/**
 * What picking a coin does to a comparison: a coin not in it is added while there is room and refused when it is
 * full; picking a coin already in it takes it out again (its button reads as pressed).
 */
export function pickForCompare(chosen: readonly string[], coinAbbr: string): CompareChoice {
  const abbr = coinAbbr.toUpperCase();
  if (chosen.includes(abbr)) return { kind: "removed", chosen: chosen.filter((item) => item !== abbr) };
  if (chosen.length >= COMPARE_MAX) return { kind: "full", chosen: [...chosen] };
  return { kind: "added", chosen: [...chosen, abbr] };
}

/**
 * The coins of a comparison from the page's address (?coins=BTC,ETH): symbols upper-cased, blanks, odd characters
 * and repeats dropped, at most COMPARE_MAX kept, so a hand-edited link cannot put a third coin on screen.
 */
export function compareCoinsFrom(search: string): string[] {
  const raw = new URLSearchParams(search).get("coins") ?? "";
  const coins: string[] = [];
  for (const item of raw.split(",")) {
    const abbr = item.trim().toUpperCase();
    if (/^[A-Z0-9]{1,20}$/.test(abbr) && !coins.includes(abbr)) coins.push(abbr);
  }
  return coins.slice(0, COMPARE_MAX);
}

/** The page's address for a comparison. */
export function compareHref(coins: readonly string[]): string {
  return coins.length === 0 ? "/aiCompare" : `/aiCompare?coins=${coins.join(",")}`;
}
