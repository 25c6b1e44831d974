export const locales = ["en", "zh"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** "zh", "zh-CN", "zh-Hant" and the legacy "cn" mean Chinese; "en", "en-US" English; anything else: unknown. */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  const lower = value?.trim().toLowerCase();
  if (!lower) return undefined;
  if (lower === "cn" || lower === "zh" || lower.startsWith("zh-") || lower.startsWith("zh_")) return "zh";
  if (lower === "en" || lower.startsWith("en-") || lower.startsWith("en_")) return "en";
  return undefined;
}

export interface LocaleSources {
  /** the page's query string, e.g. "?lang=cn" */
  search: string;
  /** the value stored under the `lang` key */
  stored: string | null;
  /** navigator.language */
  browser: string | undefined;
}

/** Spec §4: the lang query parameter, else local storage, else the browser (zh if it contains "zh", else en). */
export function resolveLocale({ search, stored, browser }: LocaleSources): Locale {
  const fromQuery = normalizeLocale(new URLSearchParams(search).get("lang"));
  if (fromQuery) return fromQuery;
  const fromStorage = normalizeLocale(stored);
  if (fromStorage) return fromStorage;
  return browser?.toLowerCase().includes("zh") ? "zh" : defaultLocale;
}
