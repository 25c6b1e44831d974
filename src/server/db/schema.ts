import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
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

/**
 * Password sign-ins that did not succeed, per address (with or without an account), kept for the lockout
 * window; an attempt is written as it starts and removed when it succeeds.
 */
export const passwordFailures = pgTable(
  "password_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    failedAt: at("failed_at").notNull(),
  },
  (table) => [
    index("password_failures_email_idx").on(table.email, table.failedAt),
    index("password_failures_at_idx").on(table.failedAt),
  ],
);

/** Addresses whose password sign-in is locked after too many failures, until `lockedUntil`. */
export const passwordLockouts = pgTable("password_lockouts", {
  email: text("email").primaryKey(),
  lockedUntil: at("locked_until").notNull(),
});

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

/** Shapes of the chat tables' JSON columns (validated at the API edge by the contract's schemas). */
export type StoredAttachment = { type: "image"; url: string } | { type: "pdf"; fileId: string; name: string };
export interface StoredCitation {
  tool: string;
  source: string;
  at: string;
}

/**
 * A chat (spec §3 "message group"). The client names it (timestamp + user id); `owner` is the quota subject of
 * whoever opened it (`u:<user id>` or `v:<visitor id>`), and only the owner reads, writes or deletes it.
 */
export const chatGroups = pgTable(
  "chat_groups",
  {
    msggroup: text("msggroup").primaryKey(),
    owner: text("owner").notNull(),
    /** the first question (or JSON with a title for agent chats) */
    content: text("content").notNull(),
    agentId: text("agent_id").notNull().default(""),
    img: text("img"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [index("chat_groups_owner_updated_idx").on(table.owner, table.updatedAt)],
);

/**
 * Questions and answers; an answer is written as it streams and kept (status stopped/error) when cut short, or
 * interrupted when the process writing it died.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    code: text("code").primaryKey(),
    /** insertion order within a chat */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    msggroup: text("msggroup")
      .notNull()
      .references(() => chatGroups.msggroup, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    model: integer("model").notNull(),
    status: text("status").$type<"streaming" | "complete" | "stopped" | "error" | "interrupted">().notNull(),
    /** the API node writing the answer while it streams (api_nodes.id); null for answers older than the column */
    node: text("node"),
    rate: integer("rate").notNull().default(0),
    attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
    citations: jsonb("citations").$type<StoredCitation[]>().notNull().default([]),
    related: jsonb("related").$type<string[]>().notNull().default([]),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("chat_messages_group_seq_idx").on(table.msggroup, table.seq),
    // the sweeps for interrupted answers read only the few rows still streaming
    index("chat_messages_streaming_idx").on(table.node, table.createdAt).where(sql`${table.status} = 'streaming'`),
  ],
);

/**
 * The API processes alive now: each holds a lease it renews while it runs. An answer left streaming by a node
 * whose lease ran out (or whose process is gone from this host) is marked interrupted by the others.
 */
export const apiNodes = pgTable("api_nodes", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: at("started_at").notNull(),
  leaseUntil: at("lease_until").notNull(),
});

/**
 * A shared selection of 1 to 6 messages: a snapshot, so the public page keeps working when the chat is edited or
 * deleted later.
 */
export const chatShares = pgTable("chat_shares", {
  code: text("code").primaryKey(),
  owner: text("owner").notNull(),
  msggroup: text("msggroup").notNull(),
  /** the shared messages as the contract's ChatMessage objects */
  messages: jsonb("messages").$type<unknown[]>().notNull(),
  summary: text("summary").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Files a user attached to chats: images (served back by URL) and PDFs (their text goes to the model). */
export const chatUploads = pgTable(
  "chat_uploads",
  {
    id: text("id").primaryKey(),
    owner: text("owner").notNull(),
    kind: text("kind").$type<"image" | "pdf">().notNull(),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    /** where the bytes are in the upload store (a local directory by default) */
    storageKey: text("storage_key").notNull(),
    /** a PDF's extracted text (null for images) */
    text: text("text"),
    pages: integer("pages"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("chat_uploads_owner_idx").on(table.owner)],
);

/**
 * Named leases for work exactly one API node may do at a time (the bot's long polling, the daily digest): a node
 * holds a name until `lease_until` and renews it while it runs; another takes it over once it lapses.
 */
export const leases = pgTable("leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  leaseUntil: at("lease_until").notNull(),
});

/**
 * The chats the Telegram bot talks in: a private chat (id = the Telegram user's id) or a group. `userId` links a
 * private chat to the account of the same Telegram id; `active` turns false when Telegram says the bot was blocked
 * or removed, and sending stops until the user writes again.
 */
export const telegramChats = pgTable(
  "telegram_chats",
  {
    chatId: bigint("chat_id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<"private" | "group" | "supergroup" | "channel">().notNull(),
    telegramUserId: bigint("telegram_user_id", { mode: "number" }),
    userId: bigint("user_id", { mode: "number" }),
    /** the language Telegram reported for the user (language_code) */
    languageCode: text("language_code"),
    /** the language chosen with /language (or in the app's settings); wins over languageCode */
    language: text("language").$type<"en" | "zh">(),
    /** daily market digest opt-in, and its hour (0-23, UTC) */
    digestSubscribed: integer("digest_subscribed").notNull().default(0),
    digestHour: integer("digest_hour").notNull().default(8),
    /** the UTC day the digest was last sent to this chat, so a restart never sends it twice */
    digestSentOn: date("digest_sent_on", { mode: "string" }),
    active: integer("active").notNull().default(1),
    inactiveReason: text("inactive_reason"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("telegram_chats_user_idx").on(table.userId),
    index("telegram_chats_digest_idx").on(table.digestHour).where(sql`${table.digestSubscribed} = 1`),
  ],
);

/** Update ids the bot has handled (kept two days): a redelivered or replayed update is dropped, never handled twice. */
export const telegramUpdates = pgTable(
  "telegram_updates",
  {
    updateId: bigint("update_id", { mode: "number" }).primaryKey(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (table) => [index("telegram_updates_received_idx").on(table.receivedAt)],
);

/**
 * Invitations that arrived through the bot (`/start ref_<code>`, `startapp=ref_<code>`): recorded once per
 * Telegram user, for the points issue's invite rewards.
 */
export const telegramReferrals = pgTable("telegram_referrals", {
  telegramUserId: bigint("telegram_user_id", { mode: "number" }).primaryKey(),
  invitationCode: text("invitation_code").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Inline results users chose to send into a chat (`chosen_inline_result`): counted for share rewards. */
export const telegramInlineChoices = pgTable(
  "telegram_inline_choices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    telegramUserId: bigint("telegram_user_id", { mode: "number" }).notNull(),
    resultId: text("result_id").notNull(),
    query: text("query").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("telegram_inline_choices_user_idx").on(table.telegramUserId, table.createdAt)],
);

/**
 * Price forecasts as they were made (spec §4 price-trend prediction judged correct or incorrect): one row per coin,
 * interval, origin (the last candle the forecast saw) and model version; `steps` holds the forecast and its 80% band
 * per step. Once the market has the horizon's candles, `actuals` holds their closes and `judgedAt` is set: the live
 * record is computed from these rows only.
 */
export const predictions = pgTable(
  "predictions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    symbol: text("symbol").notNull(),
    interval: text("interval").notNull(),
    originTime: bigint("origin_time", { mode: "number" }).notNull(),
    originClose: doublePrecision("origin_close").notNull(),
    modelVersion: text("model_version").notNull(),
    model: text("model").notNull(),
    /** [{ time, forecast, lo80, hi80 }] for steps 1..horizon */
    steps: jsonb("steps").$type<{ time: number; forecast: number; lo80: number; hi80: number }[]>().notNull(),
    /** the open time of the horizon's last step: judged once the market time is past its close */
    targetTime: bigint("target_time", { mode: "number" }).notNull(),
    /** the actual closes of steps 1..horizon, once judged */
    actuals: jsonb("actuals").$type<number[]>(),
    judgedAt: at("judged_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("predictions_origin_uq").on(table.symbol, table.interval, table.originTime, table.modelVersion),
    index("predictions_unjudged_idx").on(table.targetTime).where(sql`${table.judgedAt} is null`),
  ],
);

/**
 * Shared research reports (spec §2 /reportShareDetail/{code}): the report's figures as they were when it was made,
 * with their sources, so the page and the PDF keep showing that day's report. The code is random (base62), so a
 * report is public only to whoever was given its link.
 */
export const reportShares = pgTable(
  "report_shares",
  {
    code: text("code").primaryKey(),
    coin: text("coin").notNull(),
    /** "en" or "cn" */
    language: text("language").notNull(),
    /** the contract's Report */
    report: jsonb("report").$type<unknown>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("report_shares_coin_idx").on(table.coin, table.createdAt)],
);

/**
 * The points ledger (spec §1 points system, issue 15): append-only, one row per change. A user's balance is the sum
 * of their rows, so it cannot drift from the history the user is shown. Every change carries an idempotency key
 * (unique), so a retried or concurrent request that names the same change is applied once; the service takes a
 * per-user transaction lock before it checks that a debit keeps the sum at 0 or above.
 */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** positive: a credit; negative: a debit; never 0 */
    amount: integer("amount").notNull(),
    /** why: "checkIn", "redeem", "invite", "share", "purchase", "refund", ... */
    reason: text("reason").notNull(),
    /** what the change is about (the check-in's UTC day, an order id, an unlocked feature); "" when nothing */
    reference: text("reference").notNull().default(""),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("points_ledger_idempotency_key_idx").on(table.idempotencyKey),
    index("points_ledger_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * The USDT account of a user (spec §7 pay/account; issue 15): append-only like the points ledger, amounts in
 * micro-USDT (6 decimals, whatever the paying chain's token uses). Verified deposits credit it; package and points
 * purchases debit it. Every change has a unique idempotency key: `deposit:<chain>:<hash>`, `order:<orderNo>`, ...
 */
export const usdtLedger = pgTable(
  "usdt_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** micro-USDT: positive a credit, negative a debit, never 0 */
    amountMicro: bigint("amount_micro", { mode: "number" }).notNull(),
    /** "deposit", "purchase", "refund", ... */
    reason: text("reason").notNull(),
    /** the deposit's hash or the order number */
    reference: text("reference").notNull().default(""),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("usdt_ledger_idempotency_key_idx").on(table.idempotencyKey),
    index("usdt_ledger_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * Orders (spec §3 Order): a package (productType CARDS) or a points product (POINTS) bought by one user, paid from
 * the USDT account, with Telegram Stars, or waiting for a deposit (pending). `orderNo` is the public number.
 */
export const orders = pgTable(
  "orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderNo: text("order_no").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** "CARDS" or "POINTS" */
    productType: text("product_type").notNull(),
    productId: integer("product_id").notNull(),
    /** the price in micro-USDT when it was ordered */
    priceMicro: bigint("price_micro", { mode: "number" }).notNull(),
    /** the price in Telegram Stars, for orders paid with Stars */
    priceStars: integer("price_stars"),
    /** "usdt" (the USDT account, topped up by deposits) or "stars" */
    payMethod: text("pay_method").notNull(),
    /** "pending", "success", "failed", "refunded" */
    status: text("status").notNull().default("pending"),
    /** why a failed or refunded order is so (a message key) */
    failReason: text("fail_reason"),
    /** Telegram's charge id of a Stars payment: unique, so a payment delivered twice is credited once */
    telegramChargeId: text("telegram_charge_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    paidAt: at("paid_at"),
    /** when the user was told of the outcome (getPopups hands each outcome out once) */
    notifiedAt: at("notified_at"),
    /**
     * when what the order gives (card days or points) was given; null before and after a refund took it back. The
     * grant sets it in the same transaction as the card or points, so an order gives once however often it is asked.
     */
    grantedAt: at("granted_at"),
  },
  (table) => [
    uniqueIndex("orders_order_no_idx").on(table.orderNo),
    uniqueIndex("orders_telegram_charge_idx").on(table.telegramChargeId),
    index("orders_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * USDT deposits by transaction hash (spec §7 pay/uploadHash, bscHashCheck): each hash is credited at most once
 * across every chain and node (the unique index on the lower-cased hash). Pending until the chain confirms it,
 * then confirmed (credited to the USDT account) or failed with the reason.
 */
export const deposits = pgTable(
  "deposits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** "ETH", "BSC", "POLYGON", "TRON", ... (the configured chain's code) */
    chain: text("chain").notNull(),
    /** lower-case 0x-hash (EVM) or 64-hex id (TRON) */
    txHash: text("tx_hash").notNull(),
    depositAddress: text("deposit_address").notNull(),
    /** the order the deposit pays for, when it was made for one */
    orderNo: text("order_no"),
    /** micro-USDT received, once read from the chain */
    amountMicro: bigint("amount_micro", { mode: "number" }),
    fromAddress: text("from_address"),
    /** "pending", "confirmed", "failed" */
    status: text("status").notNull().default("pending"),
    /** the message key of why it is pending or failed */
    reason: text("reason"),
    usedPlugin: text("used_plugin"),
    blockNumber: bigint("block_number", { mode: "number" }),
    blockTime: at("block_time"),
    checkedAt: at("checked_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    confirmedAt: at("confirmed_at"),
  },
  (table) => [
    uniqueIndex("deposits_tx_hash_idx").on(table.txHash),
    index("deposits_user_created_idx").on(table.userId, table.createdAt),
    index("deposits_pending_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Features unlocked by one user (spec §4): the strategy diagram of a chat message (with the allowance or 4000
 * points) and the 24-hour unlocks (report, address analysis, daily report, in-depth analysis, AI market analysis,
 * price forecast, insight). `idempotencyKey` is unique, so a repeated unlock is applied once.
 */
export const unlocks = pgTable(
  "unlocks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    /** STRATEGY_DIAGRAM, REPORT, ADDRESS_ANALYSIS, ... */
    scenario: text("scenario").notNull(),
    /** what was unlocked (a message's msggroup/msgid; "" for a whole feature) */
    target: text("target").notNull().default(""),
    /** "allowance", "points" */
    paidWith: text("paid_with").notNull(),
    points: integer("points").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull(),
    /** null: for good (a strategy diagram); else the end of the 24 hours */
    expiresAt: at("expires_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("unlocks_idempotency_key_idx").on(table.idempotencyKey),
    index("unlocks_user_scenario_idx").on(table.userId, table.scenario, table.target),
  ],
);

/**
 * X (Twitter) accounts bound for the points system's Twitter tasks (spec §5: Twitter must be bound before tasks): one
 * per user, and an X account bound to one user at a time (20010 otherwise).
 */
export const twitterBindings = pgTable(
  "twitter_bindings",
  {
    userId: bigint("user_id", { mode: "number" }).primaryKey(),
    xUserId: text("x_user_id").notNull(),
    xUsername: text("x_username").notNull(),
    boundAt: at("bound_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("twitter_bindings_x_user_idx").on(table.xUserId)],
);

/** Sign-ins to X under way (OAuth 2.0 with PKCE): the state X sends back names the user and the verifier, once. */
export const twitterOauthStates = pgTable("twitter_oauth_states", {
  state: text("state").primaryKey(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: at("expires_at").notNull(),
});

/**
 * Quotes handed out by swap/getSwapQuoteData, kept until they expire so that swap/getSwapData (on any node) builds the
 * order from exactly what the user saw. `payload` is the quote as the source gave it (the route, the amounts, what
 * the source needs to build the transaction).
 */
export const swapQuotes = pgTable(
  "swap_quotes",
  {
    quoteId: text("quote_id").primaryKey(),
    /** the account that asked, when signed in (null: a visitor's indicative quote) */
    userId: bigint("user_id", { mode: "number" }),
    source: text("source").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (table) => [index("swap_quotes_expires_idx").on(table.expiresAt)],
);

/**
 * Swap orders (spec §3 swap order: type, creation time, transfer-out and transfer-in hashes, status; §4 statuses).
 * The user's wallet signs and sends; the order follows the transactions on chain and at the aggregator until it
 * reaches a final status. One order per (user, request id) so a retried getSwapData answers the first order.
 */
export const swapOrders = pgTable(
  "swap_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: text("order_id").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    requestId: text("request_id"),
    /** "market" or "limit" */
    type: text("type").notNull().default("market"),
    source: text("source").notNull(),
    fromChainId: integer("from_chain_id").notNull(),
    toChainId: integer("to_chain_id").notNull(),
    /** {address, symbol, decimals, chainId, logoURI} */
    fromToken: jsonb("from_token").notNull(),
    toToken: jsonb("to_token").notNull(),
    fromAmount: text("from_amount").notNull(),
    toAmount: text("to_amount").notNull(),
    toAmountMin: text("to_amount_min").notNull(),
    receivedAmount: text("received_amount"),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    /** the transactions handed to the wallet ({approveTx, swapTx}) and what the source needs to follow them */
    txs: jsonb("txs").notNull(),
    approveHash: text("approve_hash"),
    transferOutHash: text("transfer_out_hash"),
    transferInHash: text("transfer_in_hash"),
    /** spec §4: awaiting_deposit, exchanging, completed, timeout, fail, waiting_kyc, refund, refund_completed, pending, cancelled */
    status: text("status").notNull().default("awaiting_deposit"),
    statusReason: text("status_reason"),
    /** the USD value of fromAmount when ordered (the daily exchange limit), null when no price was known */
    usdValue: doublePrecision("usd_value"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    /** when the tracker looked last; it looks again after SWAP_STATUS_SECONDS */
    checkedAt: at("checked_at"),
  },
  (table) => [
    uniqueIndex("swap_orders_order_id_idx").on(table.orderId),
    uniqueIndex("swap_orders_user_request_idx").on(table.userId, table.requestId),
    uniqueIndex("swap_orders_transfer_out_idx").on(table.transferOutHash),
    index("swap_orders_user_created_idx").on(table.userId, table.createdAt),
    index("swap_orders_status_idx").on(table.status, table.checkedAt),
  ],
);

/**
 * Price alarms: one row an alarm. Armed while fired_at is null; the tick's one UPDATE fires every crossed alarm at
 * once (fired_at set, so never twice, whichever node runs it). The partial indexes hold the armed alarms of each side
 * ordered by target, so a tick reads only the crossed ones.
 */
export const priceAlarms = pgTable(
  "price_alarms",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    coinAbbr: text("coin_abbr").notNull(),
    /** "price" or "percent" */
    kind: text("kind").notNull(),
    /** "above" or "below" */
    direction: text("direction").notNull(),
    targetPrice: doublePrecision("target_price").notNull(),
    percent: doublePrecision("percent"),
    basePrice: doublePrecision("base_price").notNull(),
    /** set, or last re-armed */
    createdAt: at("created_at").notNull().defaultNow(),
    /** the market time of the tick that fired it */
    firedAt: at("fired_at"),
    firedPrice: doublePrecision("fired_price"),
    /** the market feed whose tick fired it ("Binance (replay)", ...) */
    firedSource: text("fired_source"),
    seenAt: at("seen_at"),
    /** when the bot took the fired alarm to send (accounts with Telegram); null: not sent yet, a sweep sends it */
    botSentAt: at("bot_sent_at"),
  },
  (table) => [
    index("price_alarms_user_idx").on(table.userId, table.createdAt),
    index("price_alarms_above_idx")
      .on(table.coinAbbr, table.targetPrice)
      .where(sql`${table.firedAt} is null and ${table.direction} = 'above'`),
    index("price_alarms_below_idx")
      .on(table.coinAbbr, table.targetPrice)
      .where(sql`${table.firedAt} is null and ${table.direction} = 'below'`),
    // the bot's delivery sweep: fired alarms not sent to Telegram yet, by when they fired
    index("price_alarms_bot_unsent_idx")
      .on(table.firedAt)
      .where(sql`${table.firedAt} is not null and ${table.botSentAt} is null`),
  ],
);

/**
 * AI wallets (spec §3 email AI account): one EVM key an account, generated on the server. The key is stored sealed
 * only: AES-256-GCM under a data key of its own, the data key wrapped by the key custody's master key (`key_id` names
 * it). The plain key exists in memory only while signing.
 */
export const aiWallets = pgTable(
  "ai_wallets",
  {
    userId: bigint("user_id", { mode: "number" }).primaryKey(),
    /** checksummed EVM address */
    address: text("address").notNull(),
    /** the master key that wrapped the data key (its fingerprint) */
    keyId: text("key_id").notNull(),
    /** the data key, wrapped by the master key: iv | ciphertext | tag */
    wrappedKey: bytea("wrapped_key").notNull(),
    /** the private key sealed under the data key: iv | ciphertext | tag */
    sealedKey: bytea("sealed_key").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("ai_wallets_address_idx").on(table.address)],
);

/** Every use of an AI wallet's key (signing, export) and every refusal, newest last. Never holds the key. */
export const aiWalletAudit = pgTable(
  "ai_wallet_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    address: text("address").notNull(),
    /** create, sign_approve, sign_swap, sign_withdraw, export, refuse_withdraw, ... */
    action: text("action").notNull(),
    chainId: integer("chain_id"),
    /** the transaction's hash when one was signed */
    txHash: text("tx_hash"),
    /** what was signed (to, value, token, amount, order), never a secret */
    detail: jsonb("detail").notNull().default({}),
    at: at("at").notNull().defaultNow(),
  },
  (table) => [index("ai_wallet_audit_user_idx").on(table.userId, table.at)],
);

/**
 * Withdrawals from an AI wallet: made by aiAccountPreWithdraw (checked, a code emailed), sent by aiAccountWithdraw
 * with the code. The signed transaction is stored before it is broadcast, so a restart sends that one again and never
 * signs a second.
 */
export const aiWithdrawals = pgTable(
  "ai_withdrawals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    withdrawId: text("withdraw_id").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    requestId: text("request_id"),
    chainId: integer("chain_id").notNull(),
    /** {address, symbol, decimals} */
    token: jsonb("token").notNull(),
    amount: text("amount").notNull(),
    toAddress: text("to_address").notNull(),
    /** awaiting_code, sending, sent, completed, fail, cancelled, expired */
    status: text("status").notNull().default("awaiting_code"),
    statusReason: text("status_reason"),
    usdValue: doublePrecision("usd_value"),
    rawTx: text("raw_tx"),
    txHash: text("tx_hash"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (table) => [
    uniqueIndex("ai_withdrawals_withdraw_id_idx").on(table.withdrawId),
    uniqueIndex("ai_withdrawals_user_request_idx").on(table.userId, table.requestId),
    index("ai_withdrawals_user_created_idx").on(table.userId, table.createdAt),
    index("ai_withdrawals_status_idx").on(table.status),
  ],
);

/**
 * Limit orders of AI wallets (spec §5: only with the AI wallet): sell `amount` of the base coin when its price reaches
 * `limit_price` or above, or buy the base coin with `amount` of the quote when it reaches the limit or below. The
 * execution claims the row (status executing), stores the signed transactions before broadcasting, and finishes from
 * the chain's receipt: once, also across a restart.
 */
export const aiLimitOrders = pgTable(
  "ai_limit_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: text("order_id").notNull(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    requestId: text("request_id"),
    chainId: integer("chain_id").notNull(),
    /** the coin whose market price is watched (its market symbol) */
    baseSymbol: text("base_symbol").notNull(),
    /** "buy" or "sell" */
    side: text("side").notNull(),
    /** {address, symbol, decimals, chainId, logoURI} */
    fromToken: jsonb("from_token").notNull(),
    toToken: jsonb("to_token").notNull(),
    /** the amount paid, in fromToken units */
    fromAmount: text("from_amount").notNull(),
    limitPrice: doublePrecision("limit_price").notNull(),
    slippage: text("slippage").notNull(),
    /** open, executing, completed, fail, cancelled, expired */
    status: text("status").notNull().default("open"),
    statusReason: text("status_reason"),
    /** the market price that triggered it */
    triggerPrice: doublePrecision("trigger_price"),
    /** the signed transactions (approve, swap) stored before broadcasting, and their hashes */
    txs: jsonb("txs"),
    swapOrderId: text("swap_order_id"),
    receivedAmount: text("received_amount"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    executedAt: at("executed_at"),
  },
  (table) => [
    uniqueIndex("ai_limit_orders_order_id_idx").on(table.orderId),
    uniqueIndex("ai_limit_orders_user_request_idx").on(table.userId, table.requestId),
    index("ai_limit_orders_user_created_idx").on(table.userId, table.createdAt),
    index("ai_limit_orders_open_idx").on(table.baseSymbol, table.status),
  ],
);

/**
 * Coins that reached an AI wallet from an address on the sanctions list, found by the inbound scan: frozen, so
 * withdrawals, swaps and limit orders never move them and the key is not exported while any are held. One row a
 * transfer (a native transfer's log_index is -1).
 */
export const aiWalletFrozen = pgTable(
  "ai_wallet_frozen",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    chainId: integer("chain_id").notNull(),
    /** the token's checksummed address; NATIVE_TOKEN_ADDRESS for the chain's coin */
    tokenAddress: text("token_address").notNull(),
    /** raw units (a decimal string of the token's smallest unit) */
    amount: text("amount").notNull(),
    fromAddress: text("from_address").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    foundAt: at("found_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ai_wallet_frozen_transfer_idx").on(table.chainId, table.txHash, table.logIndex),
    index("ai_wallet_frozen_user_idx").on(table.userId),
  ],
);

/** How far the inbound scan of AI wallets has read each chain (the last block read). */
export const aiWalletScan = pgTable("ai_wallet_scan", {
  chainId: integer("chain_id").primaryKey(),
  blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
