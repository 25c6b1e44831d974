import type { ModelMessage, UserContent } from "ai";
import type { ChatMode } from "../../../contract/chat.ts";

/** What the model is told: the system prompt, the chat so far and the question with its attachments. */

/** Messages of the chat given to the model before the question. */
export const HISTORY_MESSAGES = 20;
/** A PDF's text is cut to this many characters, and all PDFs of a question together to the second number. */
export const PDF_CHARS_PER_FILE = 20_000;
export const PDF_CHARS_TOTAL = 40_000;

export type PromptLanguage = "en" | "cn";

export interface HistoryMessage {
  role: "user" | "assistant";
  content: string;
}

export interface QuestionInput {
  question: string;
  /** image URLs as uploaded (absolute, or paths on this server) */
  images: readonly string[];
  pdfs: readonly { name: string; text: string }[];
}

export interface PromptModel {
  /** takes image parts by URL */
  vision: boolean;
  /** the product's tools are offered */
  tools: boolean;
}

/** One line of the system prompt per input mode; MountainLion reads the mode from it. */
export const MODE_HINT: Record<ChatMode, string> = {
  search: "Prefer the freshest data: look prices and news up with the tools rather than from memory.",
  deepThink:
    "Think the question through before answering: weigh the data, name the assumptions, and end with a short conclusion.",
  aiSwap:
    "The user is on the swap tab: help them decide what to swap. When they ask for a complete swap (coins and amount), end with a markdown link to the swap screen, `[<amount> <from> → <to> · <chain>](/swap?fromChainId=<id>&toChainId=<id>&fromToken=<symbol>&toToken=<symbol>&amount=<amount paid>)`; they review the quote and sign there in their own wallet. Never say an order was placed.",
};

/** How charts get into an answer: only a tool's own figure, by the URL it gave. */
const FIGURE_RULE =
  'Some tool outputs carry a `figure` ({ "url", "alt" }): a chart of the same candles. You may embed it as a markdown image, ![alt](url), with its url exactly as given (a relative /v2/api/chat/figure/ path); never invent, change or complete an image URL, and embed no other image.';
/** Said when the user pressed "generate image" (createImg): the models (MountainLion included) add a chart. */
export const CHART_REQUEST =
  "The user asked for a chart with this answer: look up the candles of the coins asked about and embed the tool's figure.";
const NO_IMAGES_RULE = "Do not embed images: the chat shows only the product's own charts, which you cannot reach.";

/** The system prompt: who answers, in which language, with which rules about figures and sources. */
export function systemPrompt(input: {
  language: PromptLanguage;
  mode: ChatMode;
  now: Date;
  model: PromptModel;
  /** the user asked for a generated image (a chart) with the answer */
  createImg?: boolean;
}) {
  const language =
    input.language === "cn"
      ? "Answer in Simplified Chinese (简体中文), whatever language the data is in."
      : "Answer in English.";
  const data = input.model.tools
    ? "Use the tools for every price, change, candle, comparison, news item or sentiment figure, and never invent a figure the tools did not give. Cite each figure's source and the time it refers to, as the tools report them."
    : "You have no access to this product's market data: say so when asked for exact current figures, and name the source and time of any figure you give.";
  const figures = input.model.tools ? FIGURE_RULE : NO_IMAGES_RULE;
  return [
    "You are MountainLion, an AI assistant for crypto investors.",
    `The current time is ${input.now.toISOString()}.`,
    language,
    data,
    MODE_HINT[input.mode],
    figures,
    ...(input.createImg && input.model.tools ? [CHART_REQUEST] : []),
    "Write markdown: short paragraphs, lists, and tables for comparisons. If you cannot answer, say so plainly instead of guessing. This is information, not financial advice.",
  ].join("\n");
}

/** An absolute http(s) URL for an image, resolving server paths against the public URL; undefined if none. */
export function absoluteImageUrl(url: string, publicUrl: string | undefined): URL | undefined {
  try {
    const resolved = publicUrl ? new URL(url, publicUrl) : new URL(url);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved : undefined;
  } catch {
    return undefined;
  }
}

/** The PDFs' text, each cut to its share, marked when cut. */
export function pdfContext(pdfs: QuestionInput["pdfs"]): string {
  let budget = PDF_CHARS_TOTAL;
  const parts: string[] = [];
  for (const pdf of pdfs) {
    const room = Math.min(PDF_CHARS_PER_FILE, budget);
    if (room <= 0) {
      parts.push(`[Attached PDF "${pdf.name}": left out, the attachments are too long]`);
      continue;
    }
    const text = pdf.text.trim();
    const cut = text.length > room;
    const body = cut ? text.slice(0, room) : text;
    budget -= body.length;
    parts.push(
      text.length === 0
        ? `[Attached PDF "${pdf.name}": it has no text layer (a scan?), so its content cannot be read]`
        : `[Attached PDF "${pdf.name}"${cut ? `, first ${room} of ${text.length} characters` : ""}]\n${body}\n[End of "${pdf.name}"]`,
    );
  }
  return parts.join("\n\n");
}

/** The chat so far (oldest first) and the question, with images by URL for vision models. */
export function buildMessages(
  history: readonly HistoryMessage[],
  input: QuestionInput,
  model: PromptModel,
  publicUrl: string | undefined,
): ModelMessage[] {
  const recent = history.filter((message) => message.content.trim().length > 0).slice(-HISTORY_MESSAGES);
  // some vendors want the conversation to open with the user
  while (recent[0]?.role === "assistant") recent.shift();
  const messages: ModelMessage[] = recent.map((message) => ({ role: message.role, content: message.content }));

  const text: string[] = [];
  if (input.pdfs.length > 0) text.push(pdfContext(input.pdfs));
  const imageUrls = input.images.map((url) => ({ url, absolute: absoluteImageUrl(url, publicUrl) }));
  const shown = model.vision ? imageUrls.filter((image) => image.absolute) : [];
  const unseen = imageUrls.filter((image) => !shown.includes(image));
  if (unseen.length > 0) {
    text.push(
      `[The user attached ${unseen.length} image(s) this model cannot see: ${unseen.map((image) => image.url).join(", ")}]`,
    );
  }
  text.push(input.question);
  const content: UserContent = [{ type: "text", text: text.filter(Boolean).join("\n\n") }];
  for (const image of shown) if (image.absolute) content.push({ type: "image", image: image.absolute });
  messages.push({ role: "user", content });
  return messages;
}
