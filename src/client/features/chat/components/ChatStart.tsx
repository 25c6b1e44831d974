import { useLingui } from "@lingui/react/macro";
import { useStartNewChat } from "../hooks/use-new-chat.ts";
import { ChatInputBar } from "./ChatInputBar.tsx";
import { RecommendedQuestions } from "./RecommendedQuestions.tsx";
import "./chat.css";

/**
 * The chat start on the home screen: the input bar opens a new chat (id: timestamp + user id) whose page sends
 * the question 500 ms later (spec §4), and recommended questions do the same.
 */
export function ChatStart() {
  const { t } = useLingui();
  const startNewChat = useStartNewChat();
  return (
    <section className="chat-start" aria-label={t`Start a chat`}>
      <ChatInputBar
        onSend={({ question, attachments }) => {
          startNewChat({ question, attachments });
          return true;
        }}
      />
      <RecommendedQuestions onAsk={(question) => startNewChat({ question })} />
    </section>
  );
}
