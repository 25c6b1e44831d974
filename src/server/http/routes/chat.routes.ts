import type { Context } from "hono";
import { Hono } from "hono";
import { routes } from "../../../contract/routes.ts";
import { addressSubject, userSubject, visitorSubject } from "../../features/accounts/quota.service.ts";
import type { ChatService } from "../../features/chat/chat.service.ts";
import type { ChatOwner } from "../../features/chat/chat-quota.ts";
import { createSseChannel } from "../../features/chat/chat-sse.ts";
import type { AppEnv } from "../app-env.ts";
import { limitBody } from "../body-limit.ts";
import { ok } from "../envelope.ts";
import { requestLog } from "../middleware/request-context.ts";
import { jsonBody, queryParams } from "../validate.ts";

/** A comment on a quiet answer stream this often keeps proxies from closing it. */
export const CHAT_PING_MS = 15_000;

const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

/** The signed-in user, or the visitor this device is. */
function ownerOf(c: Context<AppEnv>): ChatOwner {
  const session = c.get("session");
  return session
    ? { subject: userSubject(session.userId), userId: session.userId }
    : { subject: visitorSubject(c.get("deviceNo")), userId: undefined, network: addressSubject(c.get("clientIp")) };
}

/**
 * Chat sending (SSE), stop, and the history: list, messages, delete, rate. A visitor's chats are their
 * device's; a signed-in user's are their account's.
 */
export function chatRoutes(deps: { chat: ChatService; pingMs?: number }) {
  const { chat } = deps;
  const pingMs = deps.pingMs ?? CHAT_PING_MS;
  return new Hono<AppEnv>()
    .post(routes.chatSend.path, limitBody(routes.chatSend.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.chatSend.body);
      // refusals that need no quota (validation, someone else's chat, an unconfigured model) answer the envelope
      const prepared = await chat.prepare(ownerOf(c), body, c.req.raw.signal);
      const channel = createSseChannel({ pingMs });
      const request = c.req.raw.signal;
      const onDisconnect = () => channel.cancel(new Error("the client disconnected"));
      if (request.aborted) onDisconnect();
      else request.addEventListener("abort", onDisconnect, { once: true });
      void chat
        .answer(prepared, channel)
        .catch((error: unknown) => requestLog(c).error({ err: error }, "chat answer crashed"))
        .finally(() => {
          request.removeEventListener("abort", onDisconnect);
          channel.close();
        });
      return new Response(channel.stream, { status: 200, headers: SSE_HEADERS });
    })
    .post(routes.chatStop.path, limitBody(routes.chatStop.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.chatStop.body);
      return ok(c, await chat.stop(ownerOf(c), body.msggroup));
    })
    .get(routes.getMsgGroupList.path, async (c) => {
      const query = queryParams(c, routes.getMsgGroupList.query);
      return ok(c, await chat.listGroups(ownerOf(c), query.page, query.pageSize));
    })
    .get(routes.getMessageList.path, async (c) => {
      const query = queryParams(c, routes.getMessageList.query);
      return ok(c, await chat.listMessages(ownerOf(c), query.msggroup));
    })
    .post(routes.delMsgGroupList.path, limitBody(routes.delMsgGroupList.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.delMsgGroupList.body);
      return ok(c, await chat.deleteGroups(ownerOf(c), body.msggroup));
    })
    .post(routes.delMessages.path, limitBody(routes.delMessages.maxBodyBytes), async (c) => {
      const body = await jsonBody(c, routes.delMessages.body);
      return ok(c, await chat.deleteMessages(ownerOf(c), body.code));
    })
    .post(routes.userRate.path, async (c) => {
      const query = queryParams(c, routes.userRate.query);
      return ok(c, await chat.rate(ownerOf(c), query.code, query.rate));
    });
}
