import { describe, expect, it } from "vitest";
import { createBotLinks, placeOf } from "./links.ts";

describe("bot links", () => {
  const https = createBotLinks({ miniAppUrl: "https://app.example/", publicUrl: "https://web.example" });

  it("opens the mini app at a start parameter: web_app in a private chat, the bot's t.me link elsewhere", () => {
    expect(https.appButton("Open", "private", "ml_bot", "coin_BTC")).toEqual({
      text: "Open",
      web_app: { url: "https://app.example/?startapp=coin_BTC" },
    });
    expect(https.appButton("Open", "group", "ml_bot", "coin_BTC")).toEqual({
      text: "Open",
      url: "https://t.me/ml_bot?startapp=coin_BTC",
    });
    expect(https.appButton("Open", "inline", "ml_bot")).toEqual({ text: "Open", url: "https://t.me/ml_bot?startapp" });
  });

  it("opens an http mini app in the browser, and gives no button for a loopback address", () => {
    const http = createBotLinks({ miniAppUrl: "http://192.0.2.10:3000/" });
    expect(http.appButton("Open", "private", "ml_bot", "coin_ETH")).toEqual({
      text: "Open",
      url: "http://192.0.2.10:3000/?startapp=coin_ETH",
    });
    const local = createBotLinks({ miniAppUrl: "http://localhost:3000/" });
    expect(local.appButton("Open", "private", "ml_bot", "coin_ETH")).toBeUndefined();
    expect(local.appUrl("coin_ETH")).toBe("http://localhost:3000/?startapp=coin_ETH");
  });

  it("refuses a start parameter Telegram would refuse", () => {
    expect(() => https.appUrl("coin BTC")).toThrow(/start parameter/);
    expect(() => https.deepLink("ml_bot", "x".repeat(65))).toThrow(/start parameter/);
  });

  it("writes page addresses on the public URL", () => {
    expect(https.pageUrl("/chatDetail/abc")).toBe("https://web.example/chatDetail/abc");
    expect(placeOf("private")).toBe("private");
    expect(placeOf("supergroup")).toBe("group");
  });
});
