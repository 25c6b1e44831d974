import {
  bigint,
  bigserial,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One person, however they sign in: email, Telegram, a wallet or Google, linked on one row. */
export const users = pgTable(
  "users",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email"),
    passwordHash: text("password_hash"),
    telegramId: text("telegram_id"),
    walletAddress: text("wallet_address"),
    /** a TON wallet proven by TON Connect's ton_proof, raw form "0:<64 hex>" */
    tonAddress: text("ton_address"),
    googleSub: text("google_sub"),
    username: text("username").notNull(),
    usernameChangedAt: at("username_changed_at"),
    avatar: bytea("avatar"),
    avatarMime: text("avatar_mime"),
    invitationCode: text("invitation_code").notNull(),
    inviterCode: text("inviter_code"),
    /** "0" standard, "1" trial, "3" monthly, "4" quarterly, "5" annual */
    card: text("card").notNull().default("0"),
    cardExpiresAt: at("card_expires_at"),
    edition: text("edition").notNull().default("PLUSEdition"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_idx").on(table.email),
    uniqueIndex("users_telegram_id_idx").on(table.telegramId),
    uniqueIndex("users_wallet_address_idx").on(table.walletAddress),
    uniqueIndex("users_ton_address_idx").on(table.tonAddress),
    uniqueIndex("users_google_sub_idx").on(table.googleSub),
    uniqueIndex("users_invitation_code_idx").on(table.invitationCode),
  ],
);

/** Sign-in sessions: only a hash of each token is kept. */
export const sessions = pgTable(
  "sessions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (table) => [uniqueIndex("sessions_token_hash_idx").on(table.tokenHash), index("sessions_user_idx").on(table.userId)],
);

/** The live emailed code of one address and purpose, with its wrong tries and lock. */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    email: text("email").notNull(),
    scene: text("scene").notNull(),
    codeHash: text("code_hash").notNull(),
    sentAt: at("sent_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: at("locked_until"),
  },
  (table) => [primaryKey({ columns: [table.email, table.scene] })],
);

/** Every mail the product sends; with no SMTP server configured this is where mail is read. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    transport: text("transport").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
    error: text("error"),
  },
  (table) => [index("mail_outbox_to_idx").on(table.to, table.createdAt)],
);

/** Single-use nonces of Sign-In with Ethereum messages. */
export const walletNonces = pgTable("wallet_nonces", {
  nonce: text("nonce").primaryKey(),
  createdAt: at("created_at").notNull().defaultNow(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/** Single-use payloads a TON wallet signs into its ton_proof (TON Connect sign-in). */
export const tonProofPayloads = pgTable("ton_proof_payloads", {
  payload: text("payload").primaryKey(),
  createdAt: at("created_at").notNull().defaultNow(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/** Image captchas: the answer's hash, single use. */
export const captchas = pgTable("captchas", {
  id: text("id").primaryKey(),
  answerHash: text("answer_hash").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/** Human-check solutions already spent, so one solution serves one request. */
export const humanChecksUsed = pgTable("human_checks_used", {
  signature: text("signature").primaryKey(),
  expiresAt: at("expires_at").notNull(),
});

/** Uses counted per subject (a user or a device), day and kind; incremented atomically. */
export const quotaUsage = pgTable(
  "quota_usage",
  {
    subject: text("subject").notNull(),
    day: date("day").notNull(),
    kind: text("kind").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.subject, table.day, table.kind] })],
);

/** Secrets the server makes itself on first start (HMAC keys), shared by every API node through the database. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * Market history: completed candles (1h and 1d) as the market refresh job saw them, upserted under its lease.
 * Times are candle open times in ms (UTC); volumes in the base asset, quote volume in USDT (null when unknown).
 */
export const candles = pgTable(
  "candles",
  {
    symbol: text("symbol").notNull(),
    interval: text("interval").notNull(),
    openTime: bigint("open_time", { mode: "number" }).notNull(),
    open: doublePrecision("open").notNull(),
    high: doublePrecision("high").notNull(),
    low: doublePrecision("low").notNull(),
    close: doublePrecision("close").notNull(),
    volume: doublePrecision("volume").notNull(),
    quoteVolume: doublePrecision("quote_volume"),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.interval, table.openTime] })],
);
