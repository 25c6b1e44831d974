import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { ChatGroup, ChatMessage } from "../../../contract/chat.ts";
import type { Database } from "../../db/client.ts";
import { chatGroups, chatMessages, chatUploads, type StoredAttachment, type StoredCitation } from "../../db/schema.ts";
import type { HistoryMessage } from "./chat-prompt.ts";

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatGroupRow = typeof chatGroups.$inferSelect;
export type AnswerStatus = ChatMessageRow["status"];

/** A stored message as the contract shows it (getMessageList, shares). */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    code: row.code,
    msggroup: row.msggroup,
    role: row.role,
    content: row.content,
    create_time: row.createdAt.toISOString(),
    model: row.model,
    status: row.status,
    rate: row.rate,
    attachments: row.attachments,
    citations: row.citations,
    related: row.related,
  };
}

function toChatGroup(row: ChatGroupRow): ChatGroup {
  return {
    msggroup: row.msggroup,
    content: row.content,
    create_time: row.createdAt.toISOString(),
    update_time: row.updatedAt.toISOString(),
    agent_id: row.agentId,
    img: row.img,
    choose: false,
  };
}

/** The messages of the owner's chats, as a subquery. */
const ownedGroups = (db: Database, owner: string) =>
  db.select({ msggroup: chatGroups.msggroup }).from(chatGroups).where(eq(chatGroups.owner, owner));

/** Chats, their messages and the PDFs attached to them. Every read and write names the owner. */
export function createChatRepository(db: Database) {
  return {
    async groupOwner(msggroup: string): Promise<string | undefined> {
      const [row] = await db
        .select({ owner: chatGroups.owner })
        .from(chatGroups)
        .where(eq(chatGroups.msggroup, msggroup))
        .limit(1);
      return row?.owner;
    },

    /**
     * Opens the chat for its owner, or marks activity on it; false when another owner holds it. One statement,
     * so two owners racing for a new id cannot both win.
     */
    async claimGroup(group: {
      msggroup: string;
      owner: string;
      title: string;
      agentId: string;
      img: string | null;
      now: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(chatGroups)
        .values({
          msggroup: group.msggroup,
          owner: group.owner,
          content: group.title,
          agentId: group.agentId,
          img: group.img,
          createdAt: group.now,
          updatedAt: group.now,
        })
        .onConflictDoUpdate({
          target: chatGroups.msggroup,
          set: { updatedAt: group.now },
          setWhere: eq(chatGroups.owner, group.owner),
        })
        .returning({ msggroup: chatGroups.msggroup });
      return rows.length > 0;
    },

    /** The last `limit` messages with text, oldest first. */
    async history(msggroup: string, limit: number): Promise<HistoryMessage[]> {
      const rows = await db
        .select({ role: chatMessages.role, content: chatMessages.content })
        .from(chatMessages)
        .where(and(eq(chatMessages.msggroup, msggroup), sql`${chatMessages.content} <> ''`))
        .orderBy(desc(chatMessages.seq))
        .limit(limit);
      return rows.reverse();
    },

    /** Stores the question (complete) and then the answer (streaming, empty), in this order. */
    async insertExchange(exchange: {
      msggroup: string;
      question: { code: string; content: string; model: number; attachments: StoredAttachment[] };
      /** `node`: the API node that streams it (answer nodes) */
      answer: { code: string; model: number; node: string };
      now: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(chatMessages).values({
          code: exchange.question.code,
          msggroup: exchange.msggroup,
          role: "user",
          content: exchange.question.content,
          model: exchange.question.model,
          status: "complete",
          attachments: exchange.question.attachments,
          createdAt: exchange.now,
        });
        await tx.insert(chatMessages).values({
          code: exchange.answer.code,
          msggroup: exchange.msggroup,
          role: "assistant",
          content: "",
          model: exchange.answer.model,
          status: "streaming",
          node: exchange.answer.node,
          createdAt: exchange.now,
        });
      });
    },

    /** Writes an answer's text so far, and when it ends its status, sources and follow-ups. */
    async updateAnswer(
      code: string,
      values: { content: string; status?: AnswerStatus; citations?: StoredCitation[]; related?: string[] },
    ): Promise<void> {
      await db.update(chatMessages).set(values).where(eq(chatMessages.code, code));
    },

    async touchGroup(msggroup: string, now: Date): Promise<void> {
      await db.update(chatGroups).set({ updatedAt: now }).where(eq(chatGroups.msggroup, msggroup));
    },

    /**
     * Answers still marked streaming though begun before `before`: their node went away mid-answer. They are kept,
     * as interrupted answers with the text they had. Answers how many were closed.
     */
    async closeAbandoned(before: Date): Promise<number> {
      const closed = await db
        .update(chatMessages)
        .set({ status: "interrupted" })
        .where(and(eq(chatMessages.status, "streaming"), lt(chatMessages.createdAt, before)))
        .returning({ code: chatMessages.code });
      return closed.length;
    },

    /** Whether an answer of the chat is still being written (by this node or another). */
    async isStreaming(msggroup: string): Promise<boolean> {
      const [row] = await db
        .select({ code: chatMessages.code })
        .from(chatMessages)
        .where(and(eq(chatMessages.msggroup, msggroup), eq(chatMessages.status, "streaming")))
        .limit(1);
      return row !== undefined;
    },

    /** The owner's PDFs among `ids`, with their text. */
    async pdfs(owner: string, ids: readonly string[]): Promise<{ id: string; name: string; text: string }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: chatUploads.id, name: chatUploads.name, text: chatUploads.text })
        .from(chatUploads)
        .where(and(eq(chatUploads.owner, owner), eq(chatUploads.kind, "pdf"), inArray(chatUploads.id, [...ids])));
      return rows.map((row) => ({ id: row.id, name: row.name, text: row.text ?? "" }));
    },

    /** The owner's chats, newest activity first. */
    async listGroups(owner: string, page: number, pageSize: number): Promise<{ list: ChatGroup[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(chatGroups)
          .where(eq(chatGroups.owner, owner))
          .orderBy(desc(chatGroups.updatedAt), desc(chatGroups.msggroup))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(chatGroups).where(eq(chatGroups.owner, owner)),
      ]);
      return { list: rows.map(toChatGroup), total: total?.n ?? 0 };
    },

    async listMessages(msggroup: string): Promise<ChatMessage[]> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.msggroup, msggroup))
        .orderBy(asc(chatMessages.seq));
      return rows.map(toChatMessage);
    },

    /** Deletes the owner's chats among `msggroups` (their messages go with them); answers how many. */
    async deleteGroups(owner: string, msggroups: readonly string[]): Promise<number> {
      const rows = await db
        .delete(chatGroups)
        .where(and(eq(chatGroups.owner, owner), inArray(chatGroups.msggroup, [...msggroups])))
        .returning({ msggroup: chatGroups.msggroup });
      return rows.length;
    },

    /** Deletes the owner's messages among `codes`; answers how many. */
    async deleteMessages(owner: string, codes: readonly string[]): Promise<number> {
      const rows = await db
        .delete(chatMessages)
        .where(and(inArray(chatMessages.code, [...codes]), inArray(chatMessages.msggroup, ownedGroups(db, owner))))
        .returning({ code: chatMessages.code });
      return rows.length;
    },

    /** Rates one of the owner's answers; false when there is no such answer. */
    async rate(owner: string, code: string, rate: number): Promise<boolean> {
      const rows = await db
        .update(chatMessages)
        .set({ rate })
        .where(
          and(
            eq(chatMessages.code, code),
            eq(chatMessages.role, "assistant"),
            inArray(chatMessages.msggroup, ownedGroups(db, owner)),
          ),
        )
        .returning({ code: chatMessages.code });
      return rows.length > 0;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
