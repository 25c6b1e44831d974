import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { mailOutbox } from "../../db/schema.ts";

export type OutboxMail = typeof mailOutbox.$inferSelect;

/** Reads the stored mail, newest first: the dev outbox page and tests read mail here when no SMTP is set. */
export function createMailOutbox(db: Database) {
  return {
    async latest(options: { to?: string; limit: number }): Promise<OutboxMail[]> {
      const query = db.select().from(mailOutbox);
      const filtered = options.to ? query.where(eq(mailOutbox.to, options.to)) : query;
      return filtered.orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
