import { useLocation, useParams, useSearch } from "wouter";
import { ChatView } from "../../features/chat/components/ChatView.tsx";

/**
 * /chat/{id} (spec §2): ?type=newChat opens a chat with nothing stored yet, &message=… is sent 500 ms later
 * and then dropped from the address, so a reload shows the chat instead of asking again.
 */
export default function ChatPage() {
  const { id = "" } = useParams<{ id?: string }>();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const msggroup = id;
  const isNew = query.get("type") === "newChat";
  const message = query.get("message") ?? undefined;
  return (
    <ChatView
      key={msggroup}
      msggroup={msggroup}
      isNew={isNew}
      initialQuestion={message}
      onInitialSent={() => navigate(`/chat/${encodeURIComponent(msggroup)}`, { replace: true })}
    />
  );
}
