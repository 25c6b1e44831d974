import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { AgentId } from "../../../../contract/agents.ts";
import { agentTexts } from "../agent-texts.ts";
import { AgentIcon } from "./AgentIcon.tsx";
import "./agents.css";

export interface AgentOpeningProps {
  agent: AgentId;
  /** asks one of the agent's questions in the chat */
  onAsk: (question: string) => void;
  /** an answer is streaming: nothing new may be asked */
  busy: boolean;
  /** the sample questions show until the chat has its first question (answers bring their own) */
  showQuestions: boolean;
}

/**
 * An agent chat's first message: the agent's opening remarks, shown on the client and never stored, and its four
 * sample questions as buttons that ask them.
 */
export function AgentOpening({ agent, onAsk, busy, showQuestions }: AgentOpeningProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const texts = agentTexts[agent];
  return (
    <div className="agent-opening">
      <article className="agent-opening__message" aria-labelledby={titleId}>
        <h2 id={titleId} className="agent-opening__title">
          <span className="agent-opening__icon">
            <AgentIcon id={agent} size={20} />
          </span>
          {i18n._(texts.title)}
        </h2>
        <p className="agent-opening__remarks">{i18n._(texts.openingRemarks)}</p>
      </article>
      {showQuestions ? (
        <ul className="agent-opening__questions" aria-label={t`Questions to ask`}>
          {texts.relatedQuestions.map((question) => {
            const text = i18n._(question);
            return (
              <li key={text}>
                <button type="button" className="agent-opening__question" disabled={busy} onClick={() => onAsk(text)}>
                  {text}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
