import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { TELEGRAM_DARK_THEME, TELEGRAM_LIGHT_THEME } from "./telegram-mock-script.ts";
import { applyThemeTokens, THEME_TOKENS } from "./theme-tokens.ts";

// The no-flash script in index.html's <head> must paint what the Telegram host paints later.
const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "index.html"), "utf8");
const noFlashScript = /<head>[\s\S]*?<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
const runNoFlashScript = () => new Function(noFlashScript)();

const root = document.documentElement;
const tokenNames = [...THEME_TOKENS.map(([token]) => token), "--accent-soft"];
const tokensOf = (element: HTMLElement) =>
  Object.fromEntries(tokenNames.map((name) => [name, element.style.getPropertyValue(name)]));

function expectedTokens(params: Record<string, string>) {
  const element = document.createElement("div");
  applyThemeTokens(element, params);
  return tokensOf(element);
}

const launchParams = (theme: Record<string, string>) =>
  new URLSearchParams({
    tgWebAppPlatform: "android",
    tgWebAppVersion: "8.0",
    tgWebAppThemeParams: JSON.stringify(theme),
  }).toString();

afterEach(() => {
  window.history.replaceState(null, "", "/");
  sessionStorage.clear();
  root.removeAttribute("style");
  root.className = "theme-dark";
});

describe("the no-flash theme script", () => {
  it("is small and comes before any stylesheet or module script", () => {
    expect(noFlashScript.length).toBeGreaterThan(0);
    expect(new TextEncoder().encode(noFlashScript).length).toBeLessThan(2560);
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
    const scriptAt = head.indexOf("<script>");
    for (const later of ['<link rel="stylesheet"', "<style", '<script type="module"']) {
      const at = head.indexOf(later);
      if (at >= 0) expect(scriptAt).toBeLessThan(at);
    }
  });

  it("paints Telegram's theme from the launch parameters in the hash", () => {
    window.history.replaceState(null, "", `/#${launchParams(TELEGRAM_DARK_THEME)}`);
    runNoFlashScript();
    expect(tokensOf(root)).toEqual(expectedTokens(TELEGRAM_DARK_THEME));
    expect(root.style.getPropertyValue("--bg")).toBe(TELEGRAM_DARK_THEME.bg_color);
    expect(root.className).toBe("theme-dark");
  });

  it("paints it from the SDK's sessionStorage copy after a reload lost the hash", () => {
    window.history.replaceState(null, "", "/settings");
    sessionStorage.setItem("tapps/launchParams", JSON.stringify(launchParams(TELEGRAM_LIGHT_THEME)));
    runNoFlashScript();
    expect(tokensOf(root)).toEqual(expectedTokens(TELEGRAM_LIGHT_THEME));
    expect(root.className).toBe("theme-light");
  });

  it("prefers the theme Telegram sent last over the one it launched with", () => {
    sessionStorage.setItem("tapps/launchParams", JSON.stringify(launchParams(TELEGRAM_DARK_THEME)));
    sessionStorage.setItem("tapps/themeParams", JSON.stringify(TELEGRAM_LIGHT_THEME));
    runNoFlashScript();
    expect(root.style.getPropertyValue("--bg")).toBe(TELEGRAM_LIGHT_THEME.bg_color);
    expect(root.className).toBe("theme-light");
  });

  it("applies the saved theme outside Telegram, dark by default", () => {
    runNoFlashScript();
    expect(root.className).toBe("theme-dark");
    localStorage.setItem("themeValue", "theme-light");
    runNoFlashScript();
    expect(root.className).toBe("theme-light");
    expect(tokensOf(root)).toEqual(Object.fromEntries(tokenNames.map((name) => [name, ""])));
  });
});
