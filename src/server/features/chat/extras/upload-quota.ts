import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { chatUploads } from "../../../db/schema.ts";

const MB = 1024 * 1024;

/** How much uploaded files (chat images and PDFs) may take, and how long unattached ones are kept. */
export const UploadStorage = {
  /** bytes of uploads one account may keep */
  accountQuotaBytes: 200 * MB,
  /** bytes of uploads one visitor (a device without sign-in) may keep */
  visitorQuotaBytes: 50 * MB,
  /** an upload no kept message (or share) names is removed once it is this old */
  unattachedTtlMs: 24 * 60 * 60 * 1000,
  /** how often each node looks for such uploads */
  sweepIntervalMs: 60 * 60 * 1000,
} as const;

/** The storage quota of an owner (`u:<user id>` for an account, `v:<device>` for a visitor). */
export const storageQuotaOf = (owner: string): number =>
  owner.startsWith("u:") ? UploadStorage.accountQuotaBytes : UploadStorage.visitorQuotaBytes;

/** Bytes the owner's uploads take now. */
export async function storageUsed(db: Database, owner: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${chatUploads.size}), 0)` })
    .from(chatUploads)
    .where(eq(chatUploads.owner, owner));
  return Number(row?.bytes ?? 0);
}

export type UploadRow = typeof chatUploads.$inferInsert;

/**
 * Records uploads of one owner if they fit the owner's quota; false (nothing recorded) when they do not. The
 * check and the insert run under a transaction lock on the owner, so parallel uploads cannot together pass it,
 * whichever API node takes them.
 */
export async function insertWithinQuota(db: Database, owner: string, rows: readonly UploadRow[]): Promise<boolean> {
  const adding = rows.reduce((sum, row) => sum + row.size, 0);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat_uploads:${owner}`}))`);
    if ((await storageUsed(tx, owner)) + adding > storageQuotaOf(owner)) return false;
    await tx.insert(chatUploads).values([...rows]);
    return true;
  });
}
