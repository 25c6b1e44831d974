import type { Database } from "../../db/client.ts";
import { feedback } from "../../db/schema.ts";

export type NewFeedback = typeof feedback.$inferInsert;

export function createFeedbackRepository(db: Database) {
  return {
    async insert(row: NewFeedback): Promise<{ id: number }> {
      const [created] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      if (!created) throw new Error("feedback insert returned no row");
      return created;
    },
  };
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
