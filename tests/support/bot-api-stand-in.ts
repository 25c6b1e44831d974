import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/**
 * A local stand-in for Telegram's Bot API, on a free loopback port: the bot's client reaches it through
 * TELEGRAM_API_ROOT. It answers the methods the product calls the way Telegram documents them, records every call
 * (method, token, parameters), hands scripted updates to getUpdates (long polling) and can be told to fail the next
 * call of a method (a 403 "bot was blocked", a 429 with retry_after, ...). Times are the stand-in's own counter,
 * never the wall clock.
 */

export interface RecordedCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
  /** order of arrival over the whole stand-in */
  seq: number;
}

export interface ScriptedFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** The parts of Telegram's Update the tests script; anything else passes through untouched. */
export type StandInUpdate = { update_id: number } & Record<string, unknown>;

interface PendingPoll {
  offset: number;
  limit: number;
  respond: (updates: StandInUpdate[]) => void;
}

export interface BotApiStandIn {
  /** the API root to give the bot (TELEGRAM_API_ROOT) */
  apiRoot: string;
  /** every call so far, oldest first */
  calls: RecordedCall[];
  /** the calls of one method */
  callsOf(method: string): RecordedCall[];
  /** resolves with the nth (1-based) call of a method once it has arrived */
  waitForCall(method: string, nth?: number, predicate?: (call: RecordedCall) => boolean): Promise<RecordedCall>;
  /** queues updates for getUpdates; the update_id given is kept (tests replay one on purpose) */
  pushUpdate(...updates: StandInUpdate[]): void;
  /** the next `times` calls of `method` (optionally only those matching) answer with this error */
  failNext(
    method: string,
    failure: ScriptedFailure,
    options?: { times?: number; when?: (params: Record<string, unknown>) => boolean },
  ): void;
  /** updates queued and not yet confirmed by a later getUpdates offset */
  pendingUpdates(): StandInUpdate[];
  /** how many getUpdates calls are waiting right now */
  waitingPolls(): number;
  close(): Promise<void>;
}

export interface BotApiStandInOptions {
  /** the bot getMe describes */
  bot?: { id: number; username: string; first_name: string };
  /** the longest a getUpdates call is held before it answers [] (ms of the stand-in's own timer; default 100) */
  maxPollHoldMs?: number;
}

const DEFAULT_BOT = { id: 7_000_000_001, username: "mountainlion_test_bot", first_name: "MountainLion" };

export async function startBotApiStandIn(options: BotApiStandInOptions = {}): Promise<BotApiStandIn> {
  const bot = options.bot ?? DEFAULT_BOT;
  const maxPollHoldMs = options.maxPollHoldMs ?? 100;
  const calls: RecordedCall[] = [];
  const updates: StandInUpdate[] = [];
  const polls = new Set<PendingPoll>();
  const failures: {
    method: string;
    failure: ScriptedFailure;
    left: number;
    when?: (p: Record<string, unknown>) => boolean;
  }[] = [];
  const waiters: {
    method: string;
    nth: number;
    predicate?: (c: RecordedCall) => boolean;
    resolve: (c: RecordedCall) => void;
  }[] = [];
  let seq = 0;
  let messageId = 1000;
  let preparedId = 0;
  let invoiceId = 0;
  // Stars charges refunded so far: Telegram refuses a second refund of one
  const refundedCharges = new Set<string>();

  const confirmUpTo = (offset: number) => {
    // Telegram forgets every update whose id is below the offset of a getUpdates call
    for (let i = updates.length - 1; i >= 0; i--) {
      const update = updates[i];
      if (update && update.update_id < offset) updates.splice(i, 1);
    }
  };
  const available = (offset: number, limit: number) =>
    updates.filter((u) => u.update_id >= offset).slice(0, Math.max(1, Math.min(limit, 100)));

  const servePolls = () => {
    for (const poll of [...polls]) {
      const ready = available(poll.offset, poll.limit);
      if (ready.length > 0) {
        polls.delete(poll);
        poll.respond(ready);
      }
    }
  };

  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      const matching = calls.filter((c) => c.method === waiter.method && (!waiter.predicate || waiter.predicate(c)));
      const call = matching[waiter.nth - 1];
      if (call) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(call);
      }
    }
  };

  const message = (params: Record<string, unknown>, extra: Record<string, unknown>) => ({
    message_id: ++messageId,
    date: 1_700_000_000 + messageId,
    chat: { id: Number(params.chat_id), type: Number(params.chat_id) < 0 ? "supergroup" : "private" },
    from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
    ...extra,
  });

  const answer = (method: string, params: Record<string, unknown>): unknown => {
    switch (method) {
      case "getMe":
        return {
          ...bot,
          is_bot: true,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: true,
        };
      case "sendMessage":
        return message(params, {
          text: params.text,
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        });
      case "sendPhoto":
        return message(params, {
          photo: [{ file_id: `photo-${messageId}`, file_unique_id: `u-${messageId}`, width: 640, height: 360 }],
          caption: params.caption,
        });
      case "editMessageText":
        return params.inline_message_id ? true : message(params, { text: params.text });
      case "savePreparedInlineMessage":
        preparedId += 1;
        return { id: `prepared-${preparedId}`, expiration_date: 1_700_086_400 + preparedId };
      case "createInvoiceLink":
        invoiceId += 1;
        return `https://t.me/$standInInvoice${invoiceId}`;
      case "getWebhookInfo":
        return { url: "", has_custom_certificate: false, pending_update_count: updates.length };
      case "getMyCommands":
        return [];
      case "getChatMenuButton":
        return { type: "default" };
      default:
        // setWebhook, deleteWebhook, setMyCommands, setChatMenuButton, answerInlineQuery, answerCallbackQuery,
        // answerPreCheckoutQuery, refundStarPayment, sendChatAction, deleteMessage, ...: Telegram answers true
        return true;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? "/", "http://stand-in").pathname);
    if (!match) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    const [, token = "", method = ""] = match;
    const params = await readParams(req);
    const call: RecordedCall = { method, token, params, seq: ++seq };
    calls.push(call);
    settleWaiters();

    const failure = failures.find((f) => f.method === method && f.left > 0 && (!f.when || f.when(params)));
    if (failure) {
      failure.left -= 1;
      return send(failure.failure.error_code, { ok: false, ...failure.failure });
    }
    if (method === "refundStarPayment") {
      const charge = String(params.telegram_payment_charge_id);
      if (refundedCharges.has(charge)) {
        return send(400, { ok: false, error_code: 400, description: "Bad Request: CHARGE_ALREADY_REFUNDED" });
      }
      refundedCharges.add(charge);
    }
    if (method === "getUpdates") {
      const offset = Number(params.offset ?? 0);
      const limit = Number(params.limit ?? 100);
      if (offset > 0) confirmUpTo(offset);
      const ready = available(offset, limit);
      const holdMs = Math.min(Number(params.timeout ?? 0) * 1000, maxPollHoldMs);
      if (ready.length > 0 || holdMs === 0) return send(200, { ok: true, result: ready });
      const poll: PendingPoll = { offset, limit, respond: (result) => send(200, { ok: true, result }) };
      polls.add(poll);
      const timer = setTimeout(() => {
        if (polls.delete(poll)) poll.respond([]);
      }, holdMs);
      res.on("close", () => {
        clearTimeout(timer);
        polls.delete(poll);
      });
      return;
    }
    return send(200, { ok: true, result: answer(method, params) });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    waitForCall: (method, nth = 1, predicate) =>
      new Promise((resolve) => {
        waiters.push({ method, nth, predicate, resolve });
        settleWaiters();
      }),
    pushUpdate: (...added) => {
      updates.push(...added);
      servePolls();
    },
    failNext: (method, failure, opts = {}) => {
      failures.push({ method, failure, left: opts.times ?? 1, when: opts.when });
    },
    pendingUpdates: () => [...updates],
    waitingPolls: () => polls.size,
    close: async () => {
      for (const poll of polls) poll.respond([]);
      polls.clear();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/** A Bot API call's parameters: JSON, a URL-encoded form, multipart (files are recorded by name and size) or the query. */
async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const url = new URL(req.url ?? "/", "http://stand-in");
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (req.method !== "POST") return params;
  const type = req.headers["content-type"] ?? "";
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": type },
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
  if (type.includes("application/json")) {
    const text = await request.text();
    return text ? { ...params, ...(JSON.parse(text) as Record<string, unknown>) } : params;
  }
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(await request.text())) params[key] = parseField(value);
    return params;
  }
  const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
  if (type.includes("multipart/form-data") && boundary) {
    Object.assign(params, readMultipart(Buffer.from(await request.arrayBuffer()), boundary));
    return params;
  }
  await request.arrayBuffer();
  return params;
}

/**
 * Multipart bodies as Telegram reads them: tolerant of header spacing and unquoted file names (grammY writes
 * `content-disposition:form-data;name="x";filename=y`, which strict WHATWG parsers refuse).
 */
function readMultipart(body: Buffer, boundary: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === "--") break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    const part = body.subarray(partStart, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString();
      const content = part.subarray(headerEnd + 4, part.length - 2); // the CRLF before the next delimiter
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="?([^";\r\n]*)"?/i.exec(headers)?.[1];
      if (name !== undefined) {
        params[name] =
          filename !== undefined ? { file: filename, size: content.length } : parseField(content.toString("utf8"));
      }
    }
    start = next;
  }
  return params;
}

/** Multipart fields carry JSON-serialised objects (reply_markup, ...) as text: give tests the objects back. */
function parseField(value: string): unknown {
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}
