import { bigserial, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const feedback = pgTable(
  "feedback",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceNo: text("device_no").notNull(),
    userId: text("user_id"),
    seriousness: integer("seriousness").notNull(),
    type: text("type").notNull(),
    bugLocation: text("bug_location"),
    content: text("content").notNull(),
    contact: text("contact").notNull(),
    screenshotMime: text("screenshot_mime"),
    screenshot: bytea("screenshot"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("feedback_created_at_idx").on(table.createdAt)],
);
