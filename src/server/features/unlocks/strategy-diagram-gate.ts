import { AgentIds } from "../../../contract/agents.ts";
import type { ChatSendBody } from "../../../contract/chat.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { strategyDiagramMsgId } from "../../../contract/unlocks.ts";
import { ApiError } from "../../api-error.ts";
import type { ChatService } from "../chat/chat.service.ts";
import type { ChatOwner } from "../chat/chat-quota.ts";
import { type UnlocksService, unlockRequired } from "./unlocks.service.ts";

/** Whether a send is a strategy diagram: an image sent to the AI invest assistant (a chart screenshot to analyse). */
export function isStrategyDiagram(body: Pick<ChatSendBody, "agentId" | "attachments">): boolean {
  return body.agentId === AgentIds.investAssistant && body.attachments.some((a) => a.type === "image");
}

/**
 * Spec §4 strategy-diagram unlock, checked where the chat takes a send: a visitor is asked to sign in (4001
 * loginFirst); trial and VIP pass; anyone else needs the message unlocked (points/confirmExchange or
 * points/pointsExchange with this chat's msggroup and the first image's upload id as msgid), else 1001
 * unlockRequired. Everything else a chat sends passes untouched.
 */
export function guardStrategyDiagrams(chat: ChatService, unlocks: Pick<UnlocksService, "hasAccess">): ChatService {
  const check = async (owner: ChatOwner, body: ChatSendBody) => {
    if (!isStrategyDiagram(body)) return;
    if (owner.userId === undefined) {
      throw new ApiError(ErrorCode.LoginInvalid, "loginFirst", 401, [], "sign in first");
    }
    const msgid = strategyDiagramMsgId(body.attachments);
    const target = msgid ? `${body.msggroup}/${msgid}` : undefined;
    if (!target || !(await unlocks.hasAccess(owner.userId, { scenario: "STRATEGY_DIAGRAM", target }))) {
      throw unlockRequired("STRATEGY_DIAGRAM");
    }
  };
  return {
    ...chat,
    async prepare(owner, body, signal) {
      await check(owner, body);
      return chat.prepare(owner, body, signal);
    },
  };
}
