import { useAtomValue } from "jotai";
import { useState } from "react";
import { useLocation, useParams, useSearch } from "wouter";
import { ChatView } from "../../features/chat/components/ChatView.tsx";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { openedByStartLink } from "../navigation/start-link.ts";
import { ChatLinkGate } from "./ChatLinkGate.tsx";
import { PageLoading } from "./PageLoading.tsx";

/**
 * /chat/{id} (spec §2): ?type=newChat opens a chat with nothing stored yet, &message=… is sent 500 ms later
 * and then dropped from the address, so a reload shows the chat instead of asking again. A chat belongs to its
 * owner, so it opens once the sign-in at start has told who that is; opened by a start link (chat_<id>), only
 * when it is the user's (ChatLinkGate).
 */
export default function ChatPage() {
  const { id = "" } = useParams<{ id?: string }>();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const loginStatus = useAtomValue(loginStatusAtom);
  const [fromStartLink] = useState(() => openedByStartLink());
  if (loginStatus === "unknown") return <PageLoading />;
  const msggroup = id;
  const isNew = query.get("type") === "newChat";
  const message = query.get("message") ?? undefined;
  const chat = (
    <ChatView
      key={msggroup}
      msggroup={msggroup}
      isNew={isNew}
      initialQuestion={message}
      onInitialSent={() => navigate(`/chat/${encodeURIComponent(msggroup)}`, { replace: true })}
    />
  );
  return fromStartLink && !isNew ? (
    <ChatLinkGate key={msggroup} msggroup={msggroup}>
      {chat}
    </ChatLinkGate>
  ) : (
    chat
  );
}
