import type { BotMessage } from "./bot-context.ts";

/** The button that opens the mini app, on every message that leads back into it. */
export const openInApp: BotMessage = /*i18n*/ { id: "Open in app", message: "Open in app" };
