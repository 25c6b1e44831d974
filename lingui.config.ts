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
  ],
  format: "po",
  orderBy: "messageId",
});
