import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { Timing } from "../../../../contract/constants.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { editionAtom } from "../../../shared/settings/settings.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { speechRecognitionCtor } from "./speech.ts";
import type { SendResult } from "./use-chat-session.ts";
import { useSpeaker } from "./use-speaker.ts";
import { useVoiceInput } from "./use-voice-input.ts";

export const basicEditionTip = msg`Voice chat is part of the PLUS edition. Switch to PLUS in your account to use it.`;

/**
 * The voice conversation (spec §4): record a question, send it about 1 s after recording stops, read the
 * answer aloud as clips (pause/play), then listen again. Basic edition users get a 3 s tip instead; visitors
 * are asked to sign in (spec §6); browsers without speech recognition say so.
 */
export function useVoiceChat(ask: (question: string) => Promise<SendResult> | null) {
  const { i18n } = useLingui();
  const toast = useToast();
  const edition = useAtomValue(editionAtom);
  const loggedIn = useAtomValue(loginStatusAtom) === "loggedIn";
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const [active, setActive] = useState(false);
  const [answering, setAnswering] = useState(false);
  const [tip, setTip] = useState(false);
  const activeRef = useRef(false);
  activeRef.current = active;
  const lang = i18n.locale.startsWith("zh") ? "zh-CN" : "en-US";

  const restart = useRef<() => void>(() => undefined);
  const speaker = useSpeaker(() => {
    if (activeRef.current) restart.current();
  });

  const onFinal = useCallback(
    (text: string) => {
      const sent = ask(text);
      if (!sent) return;
      setAnswering(true);
      void sent.then(({ outcome, answer }) => {
        setAnswering(false);
        if (activeRef.current && outcome.kind === "done" && answer.content) speaker.speak(answer.content, lang);
      });
    },
    [ask, lang, speaker],
  );

  const input = useVoiceInput({
    lang,
    onFinal,
    onError: (error) => {
      toast.show(error === "unsupported" ? messageKeyText.notSupportRecording : messageKeyText.microphoneTips, "error");
      setActive(false);
    },
  });
  restart.current = input.start;

  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(() => setTip(false), Timing.basicEditionTipMs);
    return () => clearTimeout(timer);
  }, [tip]);

  const end = useCallback(() => {
    setActive(false);
    input.cancel();
    speaker.cancel();
  }, [input, speaker]);

  /** the voice button */
  const toggle = useCallback(() => {
    if (activeRef.current) {
      end();
      return;
    }
    if (edition === "BasicEdition") {
      setTip(true);
      return;
    }
    if (!speechRecognitionCtor()) {
      toast.show(messageKeyText.notSupportRecording, "error");
      return;
    }
    if (!loggedIn) {
      toast.show(messageKeyText.loginFirst, "info");
      openSignIn(true);
      return;
    }
    speaker.cancel();
    if (input.start()) setActive(true);
  }, [edition, end, input, loggedIn, openSignIn, speaker, toast]);

  const sayAgain = useCallback(() => {
    speaker.cancel();
    input.start();
  }, [input, speaker]);

  return { active, answering, tip, input, speaker, toggle, end, sayAgain };
}
