/**
 * A request for a price alarm, read without a language model: "tell me when ETH drops below 3000", "alert me if SOL
 * rises 10%", "notify me when BTC hits 100k", "set an alarm for ETH at 3500", "提醒我 BTC 跌破 60000", "比特币跌到6万
 * 提醒我", "SOL 涨 10% 时通知我". It needs wording that asks to be told (alert, notify, remind, tell me when, 提醒,
 * 通知我, ...); a price question with a number in it is not a request. The coin is read by the intent reader.
 */

export type AlarmDirectionWord = "above" | "below";

/** What the request names: a price (with a direction when it says one), or a signed move in percent. */
export type AlarmAsk =
  | { kind: "price"; price: number; direction?: AlarmDirectionWord }
  | { kind: "percent"; percent: number }
  /** a move without a way ("if SOL moves 10%") */
  | { kind: "unsigned"; percent: number }
  /** no price and no move */
  | { kind: "none" };

/** Wording that asks to be told, whatever follows. */
const ASKS_EN =
  /\b(alert|notify|remind|ping|warn|message|text)\s+(me|us)\b|\b(set|create|add|make|put)\s+(me\s+)?(an?\s+)?(price\s+)?(alarm|alert)s?\b|\bprice\s+(alarm|alert)s?\b|\b(alarm|alert)\s+(me|for|on|when|if|at)\b/i;
/** "tell me when", "let me know if": only with a condition after it */
const TELLS_EN = /\b(tell|let)\s+(me|us)(\s+know)?\b.*\b(when|if|once|as soon as|whenever)\b/i;
const ASKS_ZH = /提醒我|提醒一下|提醒|通知我|通知一下|叫我|预警|闹钟|价格警报/;
/** "告诉我": only with a condition (时, 的时候, 如果, 一旦, or a crossing word) */
const TELLS_ZH = /告诉我|告知我|跟我说/;
const CONDITION_ZH = /时|的时候|如果|一旦|跌破|突破|涨到|跌到|涨破|低于|高于/;

const BELOW =
  /\b(below|under|beneath|drops?|dropp(ed|ing)|falls?|falling|fell|dips?|dipping|sinks?|goes down|go down|down to|less than|lower than|crash(es|ing)?|dumps?)\b|跌破|跌到|跌至|低于|小于|下跌|回落|跌/i;
const ABOVE =
  /\b(above|over(?!\s+the\b)|rises?|rising|rose|climbs?|climbing|goes up|go up|up to|more than|higher than|exceeds?|tops?|pumps?|surges?|jumps?|breaks? out)\b|突破|涨到|涨至|涨破|高于|大于|超过|上涨|涨/i;

const PERCENT = /(?<![\w.])([+\-−]?)(\d+(?:\.\d+)?)\s*(%|percent\b|per cent\b)/i;
/** a price: 3000, 3,000, 3000.5, $3000, 100k, 3.5k, 6万 (60,000), 5千 */
const PRICE =
  /(?<![\w.%/:-])\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(k\b|K\b|万|千)?(?![\w%/:-]|\.\d)(?!\s*(%|percent))/g;

/** Whether the text asks to be told when a price is reached. */
export function asksForAlarm(text: string): boolean {
  if (ASKS_EN.test(text) || TELLS_EN.test(text) || ASKS_ZH.test(text)) return true;
  return TELLS_ZH.test(text) && CONDITION_ZH.test(text);
}

function directionOf(text: string): AlarmDirectionWord | undefined {
  const below = BELOW.test(text);
  const above = ABOVE.test(text);
  if (below && !above) return "below";
  if (above && !below) return "above";
  // "drops below" and "falls under" say one way; "up or down" says none
  return undefined;
}

const SCALE: Readonly<Record<string, number>> = { k: 1_000, K: 1_000, 千: 1_000, 万: 10_000 };

/** The price or move a request names (a number inside a word, 1INCH or L2, is not one). */
export function alarmAskOf(text: string): AlarmAsk {
  const rest = text;
  const direction = directionOf(rest);
  const percent = PERCENT.exec(rest);
  if (percent) {
    const [, sign = "", digits = ""] = percent;
    const size = Number(digits);
    if (sign === "+") return { kind: "percent", percent: size };
    if (sign === "-" || sign === "−") return { kind: "percent", percent: -size };
    if (direction) return { kind: "percent", percent: direction === "below" ? -size : size };
    return { kind: "unsigned", percent: size };
  }
  for (const match of rest.matchAll(PRICE)) {
    const [, whole = "", fraction = "", unit] = match;
    const price = Number(`${whole.replaceAll(",", "")}${fraction}`) * (unit ? (SCALE[unit] ?? 1) : 1);
    if (Number.isFinite(price)) return { kind: "price", price, ...(direction ? { direction } : {}) };
  }
  return { kind: "none" };
}
