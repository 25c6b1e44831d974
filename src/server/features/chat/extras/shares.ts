import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { type ChatMessage, chatMessageSchema } from "../../../../contract/chat.ts";
import { Limits } from "../../../../contract/constants.ts";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";
import type { Database } from "../../../db/client.ts";
import { chatGroups, chatMessages, chatShares } from "../../../db/schema.ts";

/** The public page of a share. */
export const sharePagePath = (code: string) => `/chatDetail/${code}`;

/** A new share code: 16 random bytes, base64url (22 characters), so the public page cannot be guessed. */
const newShareCode = () => randomBytes(16).toString("base64url");

const SHARE_CODE = /^[A-Za-z0-9_-]{1,64}$/;
const snapshotSchema = z.array(chatMessageSchema);

/** Text cut to the share summary limit (140 characters, an ellipsis included), on one line. */
export function shareSummary(text: string, max: number = Limits.shareSummaryMax): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}

/** A chat's stored first question, or the title of an agent chat's JSON content. */
function groupTitle(content: string): string {
  if (!content.startsWith("{")) return content;
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === "object" && "title" in parsed && typeof parsed.title === "string") {
      return parsed.title;
    }
  } catch {
    // plain text that happens to start with "{"
  }
  return content;
}

type MessageRow = typeof chatMessages.$inferSelect;

/** A stored message as the contract's ChatMessage; an answer still streaming is shared as the part written. */
function toChatMessage(row: MessageRow): ChatMessage {
  return {
    code: row.code,
    msggroup: row.msggroup,
    role: row.role,
    content: row.content,
    create_time: row.createdAt.toISOString(),
    model: row.model,
    status: row.status === "streaming" ? "stopped" : row.status,
    rate: row.rate,
    attachments: row.attachments,
    citations: row.citations,
    related: row.related,
  };
}

export interface SharedChat {
  code: string;
  messages: ChatMessage[];
  summary: string;
  create_time: string;
}

/**
 * Sharing 1 to 6 messages of a chat as a public page (spec §3 shareMessages/getShareMessages, §5 limits). A share
 * is a snapshot: it keeps working when the chat is edited or deleted later.
 */
export function createSharesService(deps: { db: Database }) {
  const { db } = deps;

  async function get(code: string): Promise<SharedChat | undefined> {
    if (!SHARE_CODE.test(code)) return undefined;
    const [row] = await db.select().from(chatShares).where(eq(chatShares.code, code)).limit(1);
    if (!row) return undefined;
    return {
      code: row.code,
      messages: snapshotSchema.parse(row.messages),
      summary: row.summary,
      create_time: row.createdAt.toISOString(),
    };
  }

  return {
    /** Snapshots the owner's chosen messages (in chat order) under a new code. */
    async share(owner: string, msggroup: string, codes: readonly string[]): Promise<{ code: string; summary: string }> {
      const unique = [...new Set(codes)];
      if (unique.length < Limits.shareSelectionMin || unique.length > Limits.shareSelectionMax) {
        throw new ApiError(ErrorCode.RequestFailed, "chooseChat", 400, [{ field: "messages", key: "chooseChat" }]);
      }
      const [group] = await db
        .select({ owner: chatGroups.owner, content: chatGroups.content })
        .from(chatGroups)
        .where(eq(chatGroups.msggroup, msggroup))
        .limit(1);
      // someone else's chat answers as if it did not exist
      if (!group || group.owner !== owner) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "notFound",
          404,
          [{ field: "msggroup", key: "notFound" }],
          "no such chat",
        );
      }
      const rows = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.msggroup, msggroup), inArray(chatMessages.code, unique)))
        .orderBy(asc(chatMessages.seq));
      if (rows.length !== unique.length) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "invalidValue",
          400,
          [{ field: "messages", key: "invalidValue" }],
          "a chosen message is not in this chat",
        );
      }
      const messages = rows.map(toChatMessage);
      const firstQuestion = messages.find((message) => message.role === "user")?.content;
      const summary = shareSummary(firstQuestion ?? groupTitle(group.content));
      const code = newShareCode();
      await db.insert(chatShares).values({ code, owner, msggroup, messages, summary });
      return { code, summary };
    },

    /** A share by code, for anyone (the public page); undefined when there is none. */
    get,
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
