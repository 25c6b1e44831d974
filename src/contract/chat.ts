import { z } from "zod";
import { isChatAgent } from "./agents.ts";
import { Limits } from "./constants.ts";
import { modelCatalogue } from "./model-catalogue.ts";

/**
 * AI chat (spec §3 chat history item, §4 chat sending, §7 calls). A chat is a "message group" (`msggroup`) whose
 * id the client makes: the current timestamp in milliseconds joined with the stored user id (spec §2). Messages
 * are the user's questions and the assistant's answers, each with a `code`.
 */

export const chatModes = ["search", "deepThink", "aiSwap"] as const;
export type ChatMode = (typeof chatModes)[number];

export const chatLanguages = ["en", "cn"] as const;

const modelIds = modelCatalogue.map((m) => m.id) as [number, ...number[]];

/** "<ms timestamp><user id>": digits, then letters, digits, '-' or '_' (visitor ids are hex) */
export const msggroupSchema = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{13}[A-Za-z0-9_-]{0,64}$/, { error: "invalidValue" });

export const messageCodeSchema = z
  .string({ error: "required" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "invalidValue" });

/** An attachment already stored by imageListUpload or pdfUpload, named by the URL or id it answered with. */
export const chatAttachmentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("image"), url: z.string().min(1).max(500) }),
  z.object({ type: z.literal("pdf"), fileId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), name: z.string().max(255) }),
]);
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatSendBodySchema = z
  .object({
    msggroup: msggroupSchema,
    question: z.string().trim().max(Limits.questionMax, { error: "uploadLengthTip" }).default(""),
    model: z.coerce
      .number()
      .refine((id) => modelIds.includes(id), { error: "invalidValue" })
      .default(6),
    mode: z.enum(chatModes).default("search"),
    language: z.enum(chatLanguages).default("en"),
    /** a recorded question (base64 audio) for the speech-to-text port; empty when typed */
    base64String: z
      .string()
      .max(8 * 1024 * 1024)
      .default(""),
    /** spec §4: ask for a generated image with the answer */
    createImg: z.boolean().default(false),
    attachments: z
      .array(chatAttachmentSchema)
      .max(Limits.chatImagesMax + 1, { error: "imagesNumTip" })
      .default([]),
    /** the agent the chat was opened from (spec §3 agent_id); empty for a plain chat */
    agentId: z
      .string()
      .max(20)
      .refine((id) => id === "" || isChatAgent(id), { error: "invalidValue" })
      .default(""),
  })
  .refine((body) => body.question.length > 0 || body.base64String.length > 0 || body.attachments.length > 0, {
    error: "required",
    path: ["question"],
  });
export type ChatSendBody = z.infer<typeof chatSendBodySchema>;

/** Where a figure in an answer comes from: the tool that read it, the source it names and the time it refers to. */
export const chatCitationSchema = z.object({
  tool: z.string(),
  source: z.string(),
  /** ISO time the data refers to (market time for prices, publication time for news) */
  at: z.string(),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

/**
 * The events of the answer stream (text/event-stream, one JSON object per `data:` line, the event name in `event:`).
 * Order: start, then text and tool events as they come, then exactly one of done or error.
 */
export const chatStartEventSchema = z.object({
  msggroup: z.string(),
  /** the stored question's code */
  questionCode: z.string(),
  /** the answer's code (stored as it streams) */
  code: z.string(),
  model: z.number(),
  /** what Automatic mode picked; the same as `model` otherwise */
  answeredBy: z.string(),
  /** today's chats left after this one; null when unlimited */
  remaining: z.number().int().nullable(),
});
export const chatTextEventSchema = z.object({ delta: z.string() });
export const chatToolEventSchema = z.object({
  name: z.string(),
  /** a one-line description of what was looked up, in the chat's language */
  summary: z.string(),
  citation: chatCitationSchema.nullable(),
});
export const chatDoneEventSchema = z.object({
  code: z.string(),
  finishReason: z.enum(["stop", "stopped", "length", "tool-calls", "other"]),
  /** follow-up questions the user may tap */
  related: z.array(z.string()),
  citations: z.array(chatCitationSchema),
});
/** The error event's key when the model failed or went silent (spec §8 "chat answer error"). */
export const CHAT_ANSWER_ERROR_KEY = "chatAnswerError";
export const chatErrorEventSchema = z.object({
  /** spec §8 code: 1001 for a model failure, 5004 / 20006 when the quota ran out */
  code: z.number(),
  key: z.string(),
  /** the answer's code when a partial answer was kept */
  partialCode: z.string().nullable(),
});
export const chatEventSchemas = {
  start: chatStartEventSchema,
  text: chatTextEventSchema,
  tool: chatToolEventSchema,
  done: chatDoneEventSchema,
  error: chatErrorEventSchema,
} as const;
export type ChatEventName = keyof typeof chatEventSchemas;
export type ChatEvents = { [K in ChatEventName]: z.infer<(typeof chatEventSchemas)[K]> };

export const chatStopBodySchema = z.object({ msggroup: msggroupSchema });
export const chatStopDataSchema = z.object({ stopped: z.boolean() });

/** One chat in the history list (spec §3): the client groups them by day in the user's time zone. */
export const chatGroupSchema = z.object({
  msggroup: z.string(),
  /** the first question, or JSON with a title for agent chats */
  content: z.string(),
  create_time: z.string(),
  /** the last activity, for ordering */
  update_time: z.string(),
  agent_id: z.string(),
  img: z.string().nullable(),
  choose: z.boolean(),
});
export type ChatGroup = z.infer<typeof chatGroupSchema>;
export const msgGroupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const msgGroupListDataSchema = z.object({ list: z.array(chatGroupSchema), total: z.number().int() });

export const chatMessageSchema = z.object({
  code: z.string(),
  msggroup: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  create_time: z.string(),
  /** the model that answered (assistant) or was asked (user) */
  model: z.number(),
  /**
   * complete, stopped by the user, or failed with the partial answer kept; streaming while it is written;
   * interrupted when the server writing it went down mid-answer (what was written is kept)
   */
  status: z.enum(["complete", "stopped", "error", "streaming", "interrupted"]),
  /** the user's rating of an answer: 1 up, -1 down, 0 none */
  rate: z.number().int().min(-1).max(1),
  attachments: z.array(chatAttachmentSchema),
  citations: z.array(chatCitationSchema),
  related: z.array(z.string()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const messageListQuerySchema = z.object({ msggroup: msggroupSchema });
export const messageListDataSchema = z.object({ list: z.array(chatMessageSchema) });

export const delMsgGroupListBodySchema = z.object({
  msggroup: z.array(msggroupSchema).min(1, { error: "required" }).max(200),
});
export const delMessagesBodySchema = z.object({
  code: z.array(messageCodeSchema).min(1, { error: "required" }).max(200),
});
export const deletedDataSchema = z.object({ deleted: z.number().int() });

/** userRate travels in the query string (spec §7). */
export const userRateQuerySchema = z.object({
  code: messageCodeSchema,
  rate: z.coerce.number().int().min(-1).max(1),
});
export const userRateDataSchema = z.object({ code: z.string(), rate: z.number().int() });

export const polishQuerySchema = z.object({
  instruction: z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(Limits.questionMax, { error: "uploadLengthTip" }),
  language: z.enum(chatLanguages).default("en"),
});
/** the revised text */
export const polishDataSchema = z.string();

export const recommendQuerySchema = z.object({
  language: z.enum(chatLanguages).default("en"),
  count: z.coerce.number().int().min(1).max(10).default(4),
  /** the client's refresh counter: the same seed gives the same questions; without it each call rotates on */
  seed: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
});
export const recommendDataSchema = z.object({ list: z.array(z.string()) });

export const swapAgentQuestionQuerySchema = z.object({ language: z.enum(chatLanguages).default("en") });
export const swapAgentQuestionDataSchema = z.object({ content1: z.array(z.string()) });

export const shareMessagesBodySchema = z.object({
  msggroup: msggroupSchema,
  messages: z
    .array(messageCodeSchema)
    .min(Limits.shareSelectionMin, { error: "chooseChat" })
    .max(Limits.shareSelectionMax, { error: "chooseChat" }),
});
export const shareMessagesDataSchema = z.object({
  code: z.string(),
  /** the public page's path: /chatDetail/{code} */
  url: z.string(),
  /** an SVG data URL of a QR code of the public page's address */
  qrcode: z.string(),
  /** the first question, cut to the share summary limit */
  summary_str: z.string(),
});
export const getShareMessagesQuerySchema = z.object({ code: messageCodeSchema });
export const getShareMessagesDataSchema = z.object({
  code: z.string(),
  messages: z.array(chatMessageSchema),
  summary: z.string(),
  create_time: z.string(),
});

export const imageListUploadBodySchema = z.object({
  image_list: z
    .array(
      z.object({
        /** MIME type: image/png or image/jpeg */
        type: z.string(),
        /** base64, with or without a data: prefix */
        base64content: z.string().min(1),
        name: z.string().max(255).default("image"),
      }),
    )
    .min(1, { error: "required" })
    .max(Limits.chatImagesMax, { error: "imagesNumTip" }),
});
export const imageListUploadDataSchema = z.object({ files_url: z.array(z.string()).min(1) });

/** decoded bytes of one PDF upload (the spec leaves the size open) */
export const PDF_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** Where an uploaded chat image is served (files_url holds these paths); public to whoever has the unguessable id. */
export const CHAT_UPLOAD_PATH_PREFIX = "/v2/api/chat/upload/";

/**
 * Where the chat's figures are served: SVG charts drawn from the market's candles, `{symbol}.svg` or `compare.svg`
 * (see the server's chat figures). Answers embed them as markdown images; public, like the uploads.
 */
export const CHAT_FIGURE_PATH_PREFIX = "/v2/api/chat/figure/";

export const pdfUploadBodySchema = z.object({
  name: z.string().trim().min(1).max(255),
  type: z.string(),
  base64content: z.string().min(1),
});
export const pdfUploadDataSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  pages: z.number().int(),
  /** characters of text extracted; 0 for a scanned PDF without a text layer */
  chars: z.number().int(),
});

/**
 * The aiSwap handoff (issue 16): an answer that read a complete swap request ends with a markdown link to the swap
 * screen, prefilled through these query names (the swap screen reads exactly them). The chat renders such a link as a
 * "Review this swap" card whose text is the link's (the pair, the amount and the chain, in the answer's language);
 * anything else that reads the answer (copy as text, the share image, another client) keeps a plain link. A token is
 * a contract address where the answer knew it, else a symbol the swap screen resolves from the chain's token list;
 * without a chain the swap screen keeps the one it is on. The amount is what is paid, in fromToken's units. Nothing
 * in the link is an order: the swap screen quotes it and the user signs in their own wallet.
 */
export const SWAP_SCREEN_PATH = "/swap";

const swapScreenChainId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
/** a contract address, or a token list symbol (letters, digits, '.', '-', '_', '+') */
const swapScreenToken = z.string().regex(/^(?:0x[0-9a-fA-F]{40}|[A-Za-z0-9][A-Za-z0-9._+-]{0,19})$/);
const swapScreenAmount = z.string().regex(/^\d{1,30}(\.\d{1,36})?$/);

export const swapScreenQuerySchema = z.strictObject({
  fromChainId: swapScreenChainId.optional(),
  toChainId: swapScreenChainId.optional(),
  fromToken: swapScreenToken.optional(),
  toToken: swapScreenToken.optional(),
  amount: swapScreenAmount.optional(),
});
export type SwapScreenQuery = z.infer<typeof swapScreenQuerySchema>;

const SWAP_SCREEN_KEYS = ["fromChainId", "toChainId", "fromToken", "toToken", "amount"] as const;

/** The swap screen's address prefilled with `query` (the names in a fixed order; absent ones left out). */
export function swapScreenHref(query: SwapScreenQuery): string {
  const params = new URLSearchParams();
  for (const key of SWAP_SCREEN_KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${SWAP_SCREEN_PATH}?${search}` : SWAP_SCREEN_PATH;
}

/**
 * The swap draft an answer's link hands over: both tokens named, nothing but the swap screen's query names, each
 * once and valid; null for any other link.
 */
export function swapDraftOfHref(href: string): (SwapScreenQuery & { fromToken: string; toToken: string }) | null {
  const prefix = `${SWAP_SCREEN_PATH}?`;
  if (!href.startsWith(prefix)) return null;
  const params = new URLSearchParams(href.slice(prefix.length));
  const entries: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key in entries) return null;
    entries[key] = value;
  }
  const parsed = swapScreenQuerySchema.safeParse(entries);
  if (!parsed.success) return null;
  const { fromToken, toToken } = parsed.data;
  return fromToken && toToken ? { ...parsed.data, fromToken, toToken } : null;
}
