import { describe, expect, it } from "vitest";
import { miniAppButton, miniAppLink } from "./mini-app.ts";

describe("the button that opens the mini app", () => {
  it("is a web_app button in a private chat with an https address, at the start parameter", () => {
    expect(miniAppButton("private", "https://app.example/", "Open", "coin_BTC")).toEqual({
      text: "Open",
      web_app: { url: "https://app.example/?startapp=coin_BTC" },
    });
  });

  it("is a plain link for an http address or in a group, where Telegram refuses web_app buttons", () => {
    expect(miniAppButton("private", "http://app.example/", "Open")).toEqual({
      text: "Open",
      url: "http://app.example/",
    });
    expect(miniAppButton("supergroup", "https://app.example/", "Open")).toEqual({
      text: "Open",
      url: "https://app.example/",
    });
  });

  it("is none for a loopback address, which Telegram refuses as a button", () => {
    expect(miniAppButton("private", "http://localhost:8080/", "Open")).toBeUndefined();
    expect(miniAppButton("private", "http://127.0.0.1:8080/", "Open")).toBeUndefined();
    expect(miniAppButton("private", "http://[::1]:8080/", "Open")).toBeUndefined();
  });

  it("keeps the address's own query when it adds the start parameter", () => {
    expect(miniAppLink("https://app.example/?mode=compact", "share_x")).toBe(
      "https://app.example/?mode=compact&startapp=share_x",
    );
    expect(miniAppLink("https://app.example/")).toBe("https://app.example/");
  });
});
