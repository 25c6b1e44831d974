import { describe, expect, it } from "vitest";
import { normalizeLocale, resolveLocale } from "./locales.ts";

describe("resolveLocale", () => {
  it("prefers the lang query parameter, mapping cn to zh", () => {
    expect(resolveLocale({ search: "?lang=cn", stored: "en", browser: "en-US" })).toBe("zh");
    expect(resolveLocale({ search: "?x=1&lang=zh", stored: "en", browser: "en-US" })).toBe("zh");
    expect(resolveLocale({ search: "?lang=en", stored: "zh", browser: "zh-CN" })).toBe("en");
  });

  it("falls back to the stored language when the query has none or an unknown one", () => {
    expect(resolveLocale({ search: "", stored: "zh", browser: "en-US" })).toBe("zh");
    expect(resolveLocale({ search: "?lang=fr", stored: "cn", browser: "en-US" })).toBe("zh");
    expect(resolveLocale({ search: "", stored: "en", browser: "zh-TW" })).toBe("en");
  });

  it("then uses the browser language: zh when it contains zh, else en", () => {
    expect(resolveLocale({ search: "", stored: null, browser: "zh-CN" })).toBe("zh");
    expect(resolveLocale({ search: "", stored: "garbage", browser: "zh" })).toBe("zh");
    expect(resolveLocale({ search: "", stored: null, browser: "de-DE" })).toBe("en");
    expect(resolveLocale({ search: "", stored: null, browser: undefined })).toBe("en");
  });
});

describe("normalizeLocale", () => {
  it("knows the regional variants", () => {
    expect(normalizeLocale("zh-Hans-CN")).toBe("zh");
    expect(normalizeLocale("EN-gb")).toBe("en");
    expect(normalizeLocale("")).toBeUndefined();
    expect(normalizeLocale("ja")).toBeUndefined();
  });
});
