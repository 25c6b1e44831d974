import { useParams } from "wouter";
import { SharedChat } from "../../features/chat/components/SharedChat.tsx";

/** /chatDetail/{code} (spec §2): a shared chat, public and read-only. */
export default function ChatDetailPage() {
  const { code = "" } = useParams<{ code?: string }>();
  return <SharedChat key={code} code={code} />;
}
