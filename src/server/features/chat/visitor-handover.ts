import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { chatGroups, chatShares, chatUploads } from "../../db/schema.ts";

export interface HandedOver {
  chats: number;
  uploads: number;
}

/**
 * Gives a visitor's chats (with their messages), uploads and shares to an account: `from` and `to` are owners
 * (`v:<device number>`, `u:<user id>`). Called inside the sign-in's transaction, so the device's visitor data
 * moves whole or not at all; the account's storage quota then counts the uploads.
 */
export async function handOverVisitorChats(db: Database, from: string, to: string): Promise<HandedOver> {
  const chats = await db
    .update(chatGroups)
    .set({ owner: to })
    .where(eq(chatGroups.owner, from))
    .returning({ msggroup: chatGroups.msggroup });
  const uploads = await db
    .update(chatUploads)
    .set({ owner: to })
    .where(eq(chatUploads.owner, from))
    .returning({ id: chatUploads.id });
  await db.update(chatShares).set({ owner: to }).where(eq(chatShares.owner, from));
  return { chats: chats.length, uploads: uploads.length };
}
