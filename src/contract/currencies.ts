/**
 * Prices are in USDT, read as US dollars. The app can show them in euros or yuan, converted with a named
 * reference rate (the ECB's), never a guessed one. (No zod here: the app's settings read this list at start.)
 */
export const fiatCurrencies = ["USD", "EUR", "CNY"] as const;
export type FiatCurrency = (typeof fiatCurrencies)[number];

/** The source the ECB's reference rates are named by, in the API's answers. */
export const ECB_REFERENCE_RATE = "ECB reference rate";
