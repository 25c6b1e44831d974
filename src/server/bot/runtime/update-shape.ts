import type { Update } from "grammy/types";

/**
 * Whether an update has the parts the bot reads for its kind (a message's chat, a button press's sender, ...).
 * Telegram's own updates always do; a webhook body may be anything shaped like an update, and one that lacks
 * them is dropped without a word instead of failing inside a handler. Kinds the bot does not ask for pass: no
 * handler reads them.
 */
export function isWellFormedUpdate(update: Update): boolean {
  const parts = update as unknown as Record<string, unknown>;
  for (const kind of MESSAGE_KINDS) if (kind in parts && !isMessage(parts[kind])) return false;
  if ("callback_query" in parts) {
    const query = record(parts.callback_query);
    if (!query || typeof query.id !== "string" || !isUser(query.from)) return false;
    if (query.message !== undefined && !isMessage(query.message)) return false;
  }
  for (const kind of ["inline_query", "chosen_inline_result"] as const) {
    if (!(kind in parts)) continue;
    const query = record(parts[kind]);
    if (!query || !isUser(query.from) || typeof query.query !== "string") return false;
  }
  if ("pre_checkout_query" in parts) {
    const query = record(parts.pre_checkout_query);
    if (!query || typeof query.id !== "string" || !isUser(query.from) || !isCharge(query)) return false;
  }
  for (const kind of ["my_chat_member", "chat_member"] as const) {
    if (!(kind in parts)) continue;
    const change = record(parts[kind]);
    if (!change || !isChat(change.chat) || !isUser(change.from)) return false;
    if (!isMember(change.new_chat_member) || !isMember(change.old_chat_member)) return false;
  }
  return true;
}

const MESSAGE_KINDS = ["message", "edited_message", "channel_post", "edited_channel_post"] as const;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

const isId = (value: unknown) => typeof value === "number" && Number.isSafeInteger(value);

function isChat(value: unknown): boolean {
  const chat = record(value);
  return Boolean(chat && isId(chat.id) && typeof chat.type === "string");
}

function isUser(value: unknown): boolean {
  const user = record(value);
  return Boolean(user && isId(user.id) && typeof user.is_bot === "boolean");
}

function isMessage(value: unknown): boolean {
  const message = record(value);
  if (!message || !isId(message.message_id) || typeof message.date !== "number" || !isChat(message.chat)) return false;
  if (message.from !== undefined && !isUser(message.from)) return false;
  if (message.text !== undefined && typeof message.text !== "string") return false;
  for (const kind of ["successful_payment", "refunded_payment"] as const) {
    if (kind in message && !isCharge(record(message[kind]), "telegram_payment_charge_id")) return false;
  }
  return message.entities === undefined || Array.isArray(message.entities);
}

/** A payment's parts the bot reads: currency, amount, our payload (and the charge id it names, when asked). */
function isCharge(charge: Record<string, unknown> | undefined, idField?: string): boolean {
  if (!charge || typeof charge.currency !== "string" || !isId(charge.total_amount)) return false;
  if (typeof charge.invoice_payload !== "string") return false;
  return idField === undefined || typeof charge[idField] === "string";
}

function isMember(value: unknown): boolean {
  const member = record(value);
  return Boolean(member && typeof member.status === "string" && isUser(member.user));
}
