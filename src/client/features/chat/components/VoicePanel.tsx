import { useLingui } from "@lingui/react/macro";
import type { SpeakerState } from "../hooks/use-speaker.ts";
import type { VoiceInputState } from "../hooks/use-voice-input.ts";

export interface VoicePanelProps {
  input: VoiceInputState;
  transcript: string;
  speaker: SpeakerState;
  /** the question was sent and its answer is coming */
  answering: boolean;
  onSend: () => void;
  onSayAgain: () => void;
  onNewChat: () => void;
  onPause: () => void;
  onPlay: () => void;
  onClose: () => void;
}

/** Spec §2 voice panel: Send, Say again, New chat, Pause/Play of the spoken reply. */
export function VoicePanel(props: VoicePanelProps) {
  const { t } = useLingui();
  const { input, transcript, speaker, answering } = props;
  const status =
    input === "recording"
      ? t`Listening…`
      : input === "sending"
        ? t`Sending…`
        : answering
          ? t`Waiting for the answer…`
          : speaker === "playing"
            ? t`Reading the answer aloud`
            : speaker === "paused"
              ? t`Paused`
              : t`Voice chat`;
  return (
    <section className="voice-panel" aria-label={t`Voice chat`}>
      <p className="voice-panel__status" role="status">
        {input === "recording" ? <span className="voice-panel__dot" aria-hidden="true" /> : null}
        {status}
      </p>
      {transcript ? <p className="voice-panel__transcript">{transcript}</p> : null}
      <div className="voice-panel__actions">
        <button type="button" className="button button--primary" disabled={!transcript} onClick={props.onSend}>
          {t`Send`}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onSayAgain}>
          {t`Say again`}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onNewChat}>
          {t`New chat`}
        </button>
        {speaker === "playing" ? (
          <button type="button" className="button button--secondary" onClick={props.onPause}>
            {t`Pause`}
          </button>
        ) : speaker === "paused" ? (
          <button type="button" className="button button--secondary" onClick={props.onPlay}>
            {t`Play`}
          </button>
        ) : null}
        <button type="button" className="button button--ghost" onClick={props.onClose}>
          {t`End voice chat`}
        </button>
      </div>
    </section>
  );
}
