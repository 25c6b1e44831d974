import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";
import type { ChatAlarms, ChatPriceAlarm } from "../tools/chat-data.ts";
import { openReplayChatData, type ReplayChatData } from "../tools/replay-chat-data.ts";
import { type AlarmAsk, alarmAskOf, asksForAlarm } from "./alarm-request.ts";
import { formatPrice } from "./format.ts";
import { parseQuestion } from "./intent.ts";
import { askWithReplayTools } from "./replay-asking.ts";

/**
 * MountainLion sets price alarms through the setPriceAlarm tool, over the shipped replay at a fixed market time
 * (ETH 3,063.5, BTC 89,641.28, SOL 129.4). The alarm service here keeps the alarms asked for in memory and works
 * out targets and sides from the replay's price as the real one does; the real service is driven end to end in
 * tests/api/telegram-bot-alerts.test.ts.
 */
const AT = "2025-12-15T12:00:00.000Z";
const WHEN = "2025-12-15 12:00 UTC";

let data: ReplayChatData;

interface Recorded {
  userId: number;
  body: Parameters<ChatAlarms["add"]>[1];
}

/** Alarms kept in memory: a target already crossed is refused with the service's key, as the service does. */
function memoryAlarms(): ChatAlarms & { added: Recorded[] } {
  const added: Recorded[] = [];
  return {
    added,
    async add(userId, body): Promise<ChatPriceAlarm> {
      const listed = data.view.listed.find((l) => l.coin.coinAbbr === body.coinAbbr);
      if (!listed) throw new ApiError(ErrorCode.RequestFailed, "alarmUnknownCoin");
      const base = listed.ticker.lastPrice;
      const price = body.kind === "price" ? body.price : base * (1 + body.percent / 100);
      const side = price > base ? "above" : "below";
      if (body.kind === "price" && body.direction && body.direction !== side) {
        throw new ApiError(ErrorCode.RequestFailed, "alarmAlreadyCrossed");
      }
      added.push({ userId, body });
      return {
        id: added.length,
        coinAbbr: body.coinAbbr,
        coinPair: `${body.coinAbbr}/USDT`,
        kind: body.kind,
        direction: side,
        price,
        percent: body.kind === "percent" ? body.percent : null,
        basePrice: base,
        source: data.view.source.provider,
      };
    },
  };
}

function ask(question: string, options: { userId?: number; alarms?: ChatAlarms; language?: "en" | "cn" } = {}) {
  return askWithReplayTools(data, question, {
    language: options.language ?? "en",
    services: { alarms: options.alarms, userId: options.userId },
  });
}

const price = (symbol: string) => data.view.listed.find((l) => l.coin.coinAbbr === symbol)?.ticker.lastPrice ?? 0;

beforeAll(async () => {
  data = await openReplayChatData(AT);
});

describe("a request for a price alarm", () => {
  it("is read in English and Chinese, with the coin, the way and the target", () => {
    const cases: [question: string, symbol: string, ask: AlarmAsk][] = [
      ["tell me when ETH drops below 3000", "ETH", { kind: "price", price: 3000, direction: "below" }],
      ["提醒我 BTC 跌破 60000", "BTC", { kind: "price", price: 60_000, direction: "below" }],
      ["alert me if SOL rises 10%", "SOL", { kind: "percent", percent: 10 }],
      ["notify me when bitcoin hits 100k", "BTC", { kind: "price", price: 100_000 }],
      ["比特币跌到6万提醒我", "BTC", { kind: "price", price: 60_000, direction: "below" }],
      ["SOL 跌 5% 时通知我", "SOL", { kind: "percent", percent: -5 }],
      ["set a price alert for ETH at 3,500.", "ETH", { kind: "price", price: 3500 }],
    ];
    for (const [question, symbol, ask] of cases) {
      expect(parseQuestion(question).intent, question).toEqual({ kind: "alarm", symbol, ask });
    }
  });

  it("needs wording that asks to be told: price questions with numbers stay price questions", () => {
    expect(asksForAlarm("tell me about ETH")).toBe(false);
    expect(asksForAlarm("告诉我 BTC 价格")).toBe(false);
    expect(parseQuestion("is ETH below 3000?").intent.kind).toBe("price");
    expect(parseQuestion("what is a price alert?").intent.kind).not.toBe("alarm");
    expect(alarmAskOf("remind me on 2026-03-01 about L2 coins")).toEqual({ kind: "none" });
  });

  it("takes an earlier question's coin when it names none", () => {
    const intent = parseQuestion("tell me when it drops below 3000", ["What is the ETH price?"]).intent;
    expect(intent).toEqual({ kind: "alarm", symbol: "ETH", ask: { kind: "price", price: 3000, direction: "below" } });
  });
});

describe("MountainLion sets the alarm for the signed-in user and says exactly what was set", () => {
  it("tell me when ETH drops below 3000", async () => {
    const alarms = memoryAlarms();
    const result = await ask("tell me when ETH drops below 3000", { userId: 7, alarms });
    expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ["setPriceAlarm", { symbol: "ETH", price: 3000, direction: "below" }],
    ]);
    expect(alarms.added).toEqual([
      { userId: 7, body: { coinAbbr: "ETH", kind: "price", price: 3000, direction: "below" } },
    ]);
    expect(result.text).toContain("**Price alarm set: ETH/USDT below 3,000 USDT.**");
    expect(result.text).toContain(`ETH is at **${formatPrice(price("ETH"))} USDT** now.`);
    expect(result.text).toContain(`Source: Binance (replay), ${WHEN}`);
  });

  it("提醒我 BTC 跌破 60000", async () => {
    const alarms = memoryAlarms();
    const result = await ask("提醒我 BTC 跌破 60000", { userId: 7, alarms, language: "cn" });
    expect(alarms.added[0]?.body).toEqual({ coinAbbr: "BTC", kind: "price", price: 60_000, direction: "below" });
    expect(result.text).toContain("**已设置价格提醒：BTC/USDT 低于 60,000 USDT。**");
    expect(result.text).toContain(`BTC 当前价格 **${formatPrice(price("BTC"))} USDT**。`);
    expect(result.text).toContain(`来源：Binance (replay)，${WHEN}`);
  });

  it("alert me if SOL rises 10%", async () => {
    const alarms = memoryAlarms();
    const result = await ask("alert me if SOL rises 10%", { userId: 7, alarms });
    expect(alarms.added[0]?.body).toEqual({ coinAbbr: "SOL", kind: "percent", percent: 10 });
    const target = formatPrice(price("SOL") * 1.1);
    expect(result.text).toContain(
      `**Price alarm set: SOL/USDT above ${target} USDT (+10.00% from ${formatPrice(price("SOL"))} USDT).**`,
    );
  });

  it("gives the service's refusal in words, and sets nothing", async () => {
    const alarms = memoryAlarms();
    const result = await ask("tell me when ETH rises above 2000", { userId: 7, alarms });
    expect(alarms.added).toEqual([]);
    expect(result.text).toContain("**No alarm was set (ETH).**");
    expect(result.text).toContain("The price is already past this target.");
    const zh = await ask("ETH 涨到 2000 时提醒我", { userId: 7, alarms, language: "cn" });
    expect(zh.text).toContain("价格已经越过这个目标");
  });

  it("asks a visitor to sign in, and sets nothing", async () => {
    const alarms = memoryAlarms();
    const result = await ask("tell me when ETH drops below 3000", { alarms });
    expect(alarms.added).toEqual([]);
    expect(result.text).toContain("Price alarms belong to an account: **sign in**");
    const zh = await ask("提醒我 BTC 跌破 60000", { alarms, language: "cn" });
    expect(zh.text).toContain("请先**登录**");
  });

  it("asks for what is missing instead of guessing", async () => {
    const alarms = memoryAlarms();
    const way = await ask("alert me if SOL moves 10%", { userId: 7, alarms });
    expect(way.steps[0]?.toolCalls).toEqual([]);
    expect(way.text).toContain("Should SOL rise 10% or fall 10%?");
    const target = await ask("set an alarm on ETH", { userId: 7, alarms });
    expect(target.text).toContain("At what price should I alert you about ETH?");
    expect(alarms.added).toEqual([]);
  });
});
