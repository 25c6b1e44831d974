import type { AlarmDirection } from "../../../contract/alarms.ts";

/**
 * What follows /alerts: nothing (the list), or a coin and a target: "ETH below 3000", "BTC above 100,000",
 * "BTC > 100k", "SOL -5%", "SOL +10%", "SOL below 5%", "ETH 跌破 3000". A price without a direction is the side it
 * is on from the price now (the alarm service decides); a move needs its sign, or a direction that gives it.
 * Whatever the bounds of prices and moves are, the alarm service checks them.
 */
export type AlarmTarget =
  | { kind: "price"; price: number; direction?: AlarmDirection }
  | { kind: "percent"; percent: number };

export type AlarmCommand =
  | { kind: "list" }
  | { kind: "set"; coin: string; target: AlarmTarget }
  /** not an alarm the bot can read */
  | { kind: "bad" };

const ABOVE = /^(above|over|up|rises?|>=?|高于|超过|突破|涨破|涨到|涨)$/i;
const BELOW = /^(below|under|down|falls?|drops?|<=?|低于|跌破|跌到|跌)$/i;
const PERCENT = /^([+\-−]?)(\d+(?:\.\d+)?)%$/;
const PRICE = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(k)?$/i;
/** the coin as typed: a symbol, a cashtag, a pair, a one-word name */
const COIN = /^[$\p{L}\p{N}/_-]{1,40}$/u;

function directionOf(word: string): AlarmDirection | undefined {
  if (ABOVE.test(word)) return "above";
  if (BELOW.test(word)) return "below";
  return undefined;
}

/** The words of the target: "below 3000", "> 3000", "<3000", "-5 %", "跌破3000" all become [direction?, value]. */
function targetWords(rest: string): string[] {
  return rest
    .replace(/([<>]=?)(?=\S)/g, "$1 ")
    .replace(/^(高于|超过|突破|涨破|涨到|涨|低于|跌破|跌到|跌)(?=[\d+\-−$])/, "$1 ")
    .replace(/(\d)\s+%/, "$1%")
    .split(/\s+/)
    .filter(Boolean);
}

function targetOf(words: readonly string[]): AlarmTarget | undefined {
  if (words.length === 0 || words.length > 2) return undefined;
  const value = words.at(-1) ?? "";
  const direction = words.length === 2 ? directionOf(words[0] ?? "") : undefined;
  if (words.length === 2 && !direction) return undefined;
  const percent = PERCENT.exec(value);
  if (percent) {
    const [, sign = "", digits = ""] = percent;
    const size = Number(digits);
    const signed = sign === "" ? undefined : sign === "+" ? size : -size;
    if (signed === undefined) {
      // "SOL 5%" says neither way
      if (!direction) return undefined;
      return { kind: "percent", percent: direction === "above" ? size : -size };
    }
    // "SOL below +5%" says both ways
    if (direction && size > 0 && (direction === "above") !== signed > 0) return undefined;
    return { kind: "percent", percent: signed };
  }
  const price = PRICE.exec(value);
  if (!price) return undefined;
  const [, whole = "", fraction = "", thousands] = price;
  const number = Number(`${whole.replaceAll(",", "")}${fraction}`) * (thousands ? 1000 : 1);
  if (!Number.isFinite(number)) return undefined;
  return { kind: "price", price: number, ...(direction ? { direction } : {}) };
}

export function parseAlarmCommand(typed: string): AlarmCommand {
  const text = typed.replace(/\s+/g, " ").trim();
  if (text === "") return { kind: "list" };
  const space = text.indexOf(" ");
  const coin = space < 0 ? text : text.slice(0, space);
  if (!COIN.test(coin) || space < 0) return { kind: "bad" };
  const target = targetOf(targetWords(text.slice(space + 1)));
  return target ? { kind: "set", coin, target } : { kind: "bad" };
}
