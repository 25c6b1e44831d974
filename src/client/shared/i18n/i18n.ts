import { i18n, type Messages } from "@lingui/core";
import { settingsStore } from "../settings/settings-store.ts";
import { StorageKeys } from "../storage/storage-keys.ts";
import { type Locale, resolveLocale } from "./locales.ts";

export { i18n };

/** Reads the sources of spec §4 from the page: query, storage, browser. */
export function detectLocale(): Locale {
  return resolveLocale({
    search: globalThis.location?.search ?? "",
    stored: settingsStore().get(StorageKeys.lang) ?? null,
    browser: globalThis.navigator?.language,
  });
}

async function loadCatalog(locale: Locale): Promise<Messages> {
  // The Lingui Vite plugin compiles the .po catalog when it is imported; each locale is its own chunk.
  const catalog: { messages: Messages } = await import(`../../locales/${locale}/messages.po`);
  return catalog.messages;
}

/** Starts loading a catalog ahead (at start, beside the host); activateLocale then finds it loaded. */
export function preloadLocale(locale: Locale): void {
  loadCatalog(locale).catch(() => undefined);
}

/** Loads the catalog, switches every mounted component to it and remembers the choice. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadCatalog(locale);
  i18n.loadAndActivate({ locale, messages });
  settingsStore().set(StorageKeys.lang, locale);
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** Last resort when no catalog loads: the English source texts, which every message carries. */
export function activateSourceLocale(): void {
  i18n.loadAndActivate({ locale: "en", messages: {} });
}
