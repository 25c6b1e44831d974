import { describe, expect, it } from "vitest";
import { botLanguageOf, createBotTranslator } from "./i18n.ts";
import { openInApp } from "./welcome-texts.ts";

describe("the bot's catalogs", () => {
  it("answers in Chinese from the shipped catalog and in English from the source", async () => {
    const translator = await createBotTranslator();
    expect(translator.translate("zh", openInApp)).toBe("在应用中打开");
    expect(translator.translate("en", openInApp)).toBe("Open in app");
  });

  it("fills placeholders and falls back to the English text for a message not in the catalog", async () => {
    const translator = await createBotTranslator();
    const unknown = { id: "Price of {symbol}", message: "Price of {symbol}" };
    expect(translator.translate("zh", unknown, { symbol: "BTC" })).toBe("Price of BTC");
  });

  it("reads Telegram's language codes", () => {
    expect(botLanguageOf("zh-hans")).toBe("zh");
    expect(botLanguageOf("en-US")).toBe("en");
    expect(botLanguageOf("de")).toBeUndefined();
    expect(botLanguageOf(undefined)).toBeUndefined();
  });
});
