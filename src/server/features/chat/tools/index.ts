/** The chat tools' public surface, for the chat service and the composition root. */
export type { ChatMarket, ChatNews } from "./chat-data.ts";
export { type ChatLanguage, type ChatTools, citationOf, createChatTools } from "./chat-tools.ts";
export type { ChatToolName } from "./tool-outputs.ts";
export { toolSummary } from "./tool-summary.ts";
