import { describe, expect, it } from "vitest";
import {
  BOT_USERNAME,
  callbackQuery,
  contentBotForTests,
  freshId,
  groupText,
  MINI_APP_URL,
  person,
  privateText,
} from "./telegram-bot-content-setup.ts";

/**
 * The bot's content through its webhook, against the loopback Bot API stand-in: /price (card, chart image or text
 * sparkline, source and time, the button into the app), /news, and the price card's buttons. Each test talks in
 * chats of its own (fresh ids), so what it reads from the stand-in is its own.
 */

const bot = contentBotForTests();

const textOf = (params: Record<string, unknown>) => String(params.text ?? params.caption ?? "");
const keyboardOf = (params: Record<string, unknown>) =>
  (params.reply_markup as { inline_keyboard: Record<string, unknown>[][] } | undefined)?.inline_keyboard ?? [];

describe("/price", () => {
  it("sends the coin's card as a chart image with price, 24h change, source, time and an Open in app button", async () => {
    const ada = person();
    const response = await bot.send(privateText(ada, "/price btc"));
    expect(response.status).toBe(200);

    const [photo] = bot.callsTo("sendPhoto", ada.id);
    expect(photo).toBeDefined();
    const params = photo?.params ?? {};
    // the chart travels as an uploaded PNG file
    const attached = Object.values(params).find(
      (value): value is { file: string; size: number } =>
        typeof value === "object" && value !== null && "file" in value,
    );
    expect(attached?.file).toBe("BTC.png");
    expect(attached?.size).toBeGreaterThan(1000);
    expect(params.parse_mode).toBe("HTML");
    const caption = textOf(params);
    expect(caption).toContain("<b>Bitcoin (BTC)</b>");
    expect(caption).toMatch(/<b>[\d,]+(\.\d{1,4})? USDT<\/b> {2}[▲▼▬] [+-]?\d+\.\d{2}% in 24h/);
    expect(caption).toMatch(/Replay of Binance (hourly|daily) candles, as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(keyboardOf(params)[0]?.[0]).toEqual({
      text: "Open in app",
      web_app: { url: `${MINI_APP_URL}?startapp=coin_BTC` },
    });
  });

  it("reads symbols in any case, with a $ or as a USDT pair", async () => {
    for (const typed of ["EtH", "$eth", "eth/usdt"]) {
      const ada = person();
      await bot.send(privateText(ada, `/price ${typed}`));
      const [photo] = bot.callsTo("sendPhoto", ada.id);
      expect(textOf(photo?.params ?? {})).toContain("(ETH)");
    }
  });

  it("answers /price alone with a hint and top coins as buttons", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/price"));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    expect(textOf(reply?.params ?? {})).toBe("Which coin? Send /price with a symbol, for example /price BTC.");
    const buttons = keyboardOf(reply?.params ?? {}).flat();
    expect(buttons.map((button) => button.text)).toContain("BTC");
    expect(buttons.every((button) => /^px:s:[A-Z0-9]+$/.test(String(button.callback_data)))).toBe(true);
  });

  it("answers a symbol the market does not have clearly, with what was typed escaped", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/price ???"));
    await bot.send(privateText(person(), "/price <b>nope</b>"));
    const [unknown] = bot.callsTo("sendMessage", ada.id);
    expect(textOf(unknown?.params ?? {})).toBe("No coin “???” in the market data.\nTry a symbol such as BTC or ETH.");
    const escaped = bot.standIn.callsOf("sendMessage").find((call) => textOf(call.params).includes("nope"));
    expect(textOf(escaped?.params ?? {})).toContain("No coin “&lt;b&gt;nope&lt;/b&gt;”");
    expect(bot.callsTo("sendPhoto", ada.id)).toHaveLength(0);
  });

  it("offers the closest matches of a near miss as buttons", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/price bitc"));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    expect(textOf(reply?.params ?? {})).toContain("Closest matches: BTC");
    expect(keyboardOf(reply?.params ?? {}).flat()[0]).toEqual({ text: "BTC", callback_data: "px:s:BTC" });
  });

  it("sends the card as text with a sparkline when Telegram refuses the image", async () => {
    const ada = person();
    bot.standIn.failNext(
      "sendPhoto",
      { error_code: 400, description: "Bad Request: IMAGE_PROCESS_FAILED" },
      { when: (params) => Number(params.chat_id) === ada.id },
    );
    await bot.send(privateText(ada, "/price SOL"));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    const text = textOf(reply?.params ?? {});
    expect(text).toContain("(SOL)");
    expect(text).toMatch(/<code>[▁▂▃▄▅▆▇█]{10,}<\/code>/);
    expect(text).toMatch(/as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(keyboardOf(reply?.params ?? {})[0]?.[0]).toMatchObject({ text: "Open in app" });
  });

  it("gives a url button to the bot's mini app link in a group, where web_app buttons are refused", async () => {
    const group = -freshId();
    await bot.send(groupText(person(), group, `/price@${BOT_USERNAME} eth`));
    const [photo] = bot.callsTo("sendPhoto", group);
    expect(keyboardOf(photo?.params ?? {})[0]?.[0]).toEqual({
      text: "Open in app",
      url: `https://t.me/${BOT_USERNAME}?startapp=coin_ETH`,
    });
  });
});

describe("/news", () => {
  it("lists the latest five headlines, each linked, with source and time, and an Open in app button", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/news"));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    const params = reply?.params ?? {};
    expect(params.parse_mode).toBe("HTML");
    const text = textOf(params);
    expect(text).toContain("<b>Latest crypto headlines</b>");
    expect(text).toContain("From the app&#39;s archive of real headlines, with their publication times");
    const items = text.split("\n\n").slice(1);
    expect(items).toHaveLength(5);
    items.forEach((item, index) => {
      expect(item).toMatch(
        new RegExp(
          `^${index + 1}\\. <a href="https?://[^"]+">[^<]+</a>\\n.+ · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC$`,
        ),
      );
    });
    // no markup but the bot's own: every <, > and & of a headline is escaped
    expect(text.replace(/<\/?(b|i|a)( href="[^"]*")?>/g, "")).not.toMatch(/[<>]/);
    expect(keyboardOf(params)[0]?.[0]).toEqual({
      text: "Open in app",
      web_app: { url: MINI_APP_URL },
    });
  });
});

describe("the price card's buttons", () => {
  it("Refresh redraws the card in place and answers the button", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/price btc"));
    const [photo] = bot.callsTo("sendPhoto", ada.id);
    expect(photo).toBeDefined();
    const query = callbackQuery(ada, "px:r:BTC", { messageId: 77, withPhoto: true });
    await bot.send(query.update);

    const edit = bot.standIn.callsOf("editMessageMedia").find((call) => Number(call.params.chat_id) === ada.id);
    expect(Number(edit?.params.message_id)).toBe(77);
    expect(JSON.stringify(edit?.params.media)).toContain("Bitcoin (BTC)");
    const answered = bot.standIn.callsOf("answerCallbackQuery").filter((c) => c.params.callback_query_id === query.id);
    expect(answered).toHaveLength(1);
    expect(answered[0]?.params.text).toBe("Updated");
  });

  it("a coin button sends that coin's card", async () => {
    const ada = person();
    const query = callbackQuery(ada, "px:s:ETH", { messageId: 78 });
    await bot.send(query.update);
    expect(
      bot.standIn.callsOf("answerCallbackQuery").filter((c) => c.params.callback_query_id === query.id),
    ).toHaveLength(1);
    expect(textOf(bot.callsTo("sendPhoto", ada.id)[0]?.params ?? {})).toContain("(ETH)");
  });

  it("answers stale and unknown buttons with a short note, never leaving them spinning", async () => {
    const ada = person();
    const gone = callbackQuery(ada, "px:r:NOSUCHCOIN", { messageId: 79 });
    const unknown = callbackQuery(ada, "something-old:42", { messageId: 80 });
    const empty = callbackQuery(ada, "", { messageId: 81 });
    for (const query of [gone, unknown, empty]) {
      const response = await bot.send(query.update);
      expect(response.status).toBe(200);
      const answers = bot.standIn.callsOf("answerCallbackQuery").filter((c) => c.params.callback_query_id === query.id);
      expect(answers).toHaveLength(1);
      expect(String(answers[0]?.params.text)).toMatch(/expired|no longer available/);
    }
    expect(bot.callsTo("sendMessage", ada.id)).toHaveLength(0);
  });

  it("Refresh of a card sent through inline mode edits it by its inline message id", async () => {
    const ada = person();
    const query = callbackQuery(ada, "px:r:BTC", { inlineMessageId: "inline-abc" });
    await bot.send(query.update);
    const edit = bot.standIn.callsOf("editMessageText").find((call) => call.params.inline_message_id === "inline-abc");
    expect(textOf(edit?.params ?? {})).toMatch(/<code>[▁▂▃▄▅▆▇█]+<\/code>/);
    expect(keyboardOf(edit?.params ?? {})[0]?.[0]).toEqual({
      text: "Open in app",
      url: `https://t.me/${BOT_USERNAME}?startapp=coin_BTC`,
    });
    expect(
      bot.standIn.callsOf("answerCallbackQuery").filter((c) => c.params.callback_query_id === query.id),
    ).toHaveLength(1);
  });
});

describe("a mini app on a loopback address (local development)", () => {
  // Telegram refuses buttons to localhost: the address goes into the message instead
  const local = contentBotForTests({ MINI_APP_URL: "http://localhost:5173/" });

  it("writes the app's address under the card and the answers, with no button to it", async () => {
    const ada = person();
    await local.send(privateText(ada, "/price btc"));
    const [photo] = local.callsTo("sendPhoto", ada.id);
    expect(textOf(photo?.params ?? {})).toContain("Open the app: http://localhost:5173/?startapp=coin_BTC");
    expect(keyboardOf(photo?.params ?? {})).toEqual([[{ text: "🔄 Refresh", callback_data: "px:r:BTC" }]]);

    const bob = person();
    await local.send(privateText(bob, "/news"));
    const [news] = local.callsTo("sendMessage", bob.id);
    expect(textOf(news?.params ?? {})).toMatch(/\n\nOpen the app: http:\/\/localhost:5173\/$/);
    expect(news?.params.reply_markup).toBeUndefined();
  });
});

/** the lines of the message's fixed-width block */
const table = (html: string) => (/<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? "").split("\n");

describe("/predict", () => {
  it("sends the daily forecast with its band, its record against “no change”, the caveat, source and a button", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/predict eth"));
    const [reply] = bot.callsTo("sendMessage", ada.id);
    const text = textOf(reply?.params ?? {});
    expect(text).toContain("<b>Ethereum (ETH): forecast for the next 7 days</b>");
    // seven dated rows in a fixed-width block: time · forecast · low – high (USDT)
    expect(text).toContain("<i>Time · forecast · 80% band (USDT)</i>");
    const rows = table(text).filter((line) => /^\d{4}-\d{2}-\d{2} · [\d,.]+ · [\d,.]+ – [\d,.]+$/.test(line));
    expect(rows).toHaveLength(7);
    expect(text).toMatch(
      /Record on data it had not seen \(\d+ forecasts, \d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}\): error \d+\.\d{2}× that of “no change”/,
    );
    expect(text).toMatch(/of prices fell inside the 80% band/);
    expect(text).toContain("crypto prices are close to a random walk. Not investment advice.");
    expect(text).toMatch(/Source: Binance \(replay\), as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(keyboardOf(reply?.params ?? {})[0]?.[0]).toEqual({
      text: "Open the forecast in the app",
      web_app: { url: `${MINI_APP_URL}?startapp=predict_ETH` },
    });
  });

  it("gives the next 48 hours where the coin has hourly data, and says when it has daily data only", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/predict BTC 1h"));
    const hourly = textOf(bot.callsTo("sendMessage", ada.id)[0]?.params ?? {});
    expect(hourly).toContain("forecast for the next 48 hours");
    // every 6th hour of the 48
    expect(table(hourly).filter((line) => /^\d{2}-\d{2} \d{2}:\d{2} · /.test(line))).toHaveLength(8);
    const bob = person();
    await bot.send(privateText(bob, "/predict DOGE 1h"));
    const daily = textOf(bot.callsTo("sendMessage", bob.id)[0]?.params ?? {});
    expect(daily).toContain("DOGE has daily data only: here is the daily forecast.");
    expect(daily).toContain("forecast for the next 7 days");
  });

  it("asks which coin when none is given, and names an unknown one", async () => {
    const ada = person();
    await bot.send(privateText(ada, "/predict"));
    await bot.send(privateText(ada, "/predict NOPE"));
    const [which, unknown] = bot.callsTo("sendMessage", ada.id).map((call) => textOf(call.params));
    expect(which).toContain("Which coin? Send /predict with a symbol");
    expect(unknown).toBe("No coin “NOPE” in the market data.");
  });
});
