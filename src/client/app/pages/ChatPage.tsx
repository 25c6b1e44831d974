import { useAtomValue } from "jotai";
import { useState } from "react";
import { useLocation, useParams, useSearch } from "wouter";
import { AgentIds, agentIdSchema, isChatAgent } from "../../../contract/agents.ts";
import { strategyDiagramMsgId } from "../../../contract/unlocks.ts";
import { AgentOpening } from "../../features/agents/components/AgentOpening.tsx";
import { ChatView } from "../../features/chat/components/ChatView.tsx";
import { chatPath } from "../../features/chat/model/chat-id.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { openedByStartLink } from "../navigation/start-link.ts";
import { ChatLinkGate } from "./ChatLinkGate.tsx";
import { PageLoading } from "./PageLoading.tsx";
import { useUnlock } from "./use-unlock.ts";

/**
 * /chat/{id} (spec §2): ?type=newChat opens a chat with nothing stored yet, &message=… is sent 500 ms later
 * and then dropped from the address, so a reload shows the chat instead of asking again. A chat belongs to its
 * owner, so it opens once the sign-in at start has told who that is; opened by a start link (chat_<id>), only
 * when it is the user's (ChatLinkGate). &agent=… (with isAgents=Y) makes it that agent's chat: its opening
 * remarks and sample questions come first, and every question carries the agent's id; an unknown agent, or one
 * that does not answer in the chat, leaves a plain chat. An image sent to the AI invest assistant is a strategy
 * diagram: it goes once unlocked (spec §4); a chat refused with 20006 is redeemed with points and asked again.
 */
export default function ChatPage() {
  const { id = "" } = useParams<{ id?: string }>();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const loginStatus = useAtomValue(loginStatusAtom);
  const [fromStartLink] = useState(() => openedByStartLink());
  const unlock = useUnlock();
  if (loginStatus === "unknown") return <PageLoading />;
  const msggroup = id;
  const isNew = query.get("type") === "newChat";
  const message = query.get("message") ?? undefined;
  const agentParam = agentIdSchema.safeParse(query.get("agent"));
  const agent = agentParam.success && isChatAgent(agentParam.data) ? agentParam.data : undefined;
  const chat = (
    <ChatView
      key={msggroup}
      msggroup={msggroup}
      isNew={isNew}
      initialQuestion={message}
      onInitialSent={() => navigate(chatPath(msggroup, agent), { replace: true })}
      agentId={agent}
      beforeSend={
        agent === AgentIds.investAssistant
          ? ({ msggroup: group, attachments }) => {
              const msgid = strategyDiagramMsgId(attachments);
              return msgid
                ? unlock.request({ scenario: "STRATEGY_DIAGRAM", msggroup: group, msgid })
                : Promise.resolve(true);
            }
          : undefined
      }
      redeemChat={(refused) => unlock.request({ scenario: "CHAT", ...refused })}
      opening={
        agent
          ? ({ ask, busy, started }) => <AgentOpening agent={agent} onAsk={ask} busy={busy} showQuestions={!started} />
          : undefined
      }
    />
  );
  return (
    <>
      {fromStartLink && !isNew ? (
        <ChatLinkGate key={msggroup} msggroup={msggroup}>
          {chat}
        </ChatLinkGate>
      ) : (
        chat
      )}
      {unlock.dialogs}
    </>
  );
}
