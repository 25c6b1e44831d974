import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "zh"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/client/locales/{locale}/messages",
      include: ["src/client"],
      exclude: ["**/*.test.*", "**/locales/**"],
    },
    {
      // the Telegram bot's texts: Lingui's keys, so a text shared with the app has the app's key
      path: "<rootDir>/src/server/bot/locales/{locale}/messages",
      include: ["src/server/bot"],
      exclude: ["**/*.test.*", "**/locales/**"],
    },
  ],
  format: "po",
  orderBy: "messageId",
});
