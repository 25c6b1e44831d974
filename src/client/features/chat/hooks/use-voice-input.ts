import { useCallback, useEffect, useRef, useState } from "react";
import { Timing } from "../../../../contract/constants.ts";
import { type SpeechRecognitionLike, speechRecognitionCtor, transcriptOf } from "./speech.ts";

export type VoiceInputState = "idle" | "recording" | "sending";
export type VoiceInputError = "microphone" | "unsupported";

export interface VoiceInputOptions {
  /** BCP 47, e.g. "en-US", "zh-CN" */
  lang: string;
  /** the recorded question, about 1 s after recording stopped (spec §4) */
  onFinal: (text: string) => void;
  onError: (error: VoiceInputError) => void;
}

/**
 * Voice questions through the browser's own speech recognition (spec §4): recording stops after 5 s without
 * speech, and what was said is sent about 1 s later unless the user says it again or cancels.
 */
export function useVoiceInput({ lang, onFinal, onError }: VoiceInputOptions) {
  const [state, setState] = useState<VoiceInputState>("idle");
  const [transcript, setTranscript] = useState("");
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const silence = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sendTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const text = useRef("");
  const discard = useRef(false);
  const callbacks = useRef({ onFinal, onError });
  callbacks.current = { onFinal, onError };

  const clearTimers = useCallback(() => {
    clearTimeout(silence.current);
    clearTimeout(sendTimer.current);
  }, []);

  const release = useCallback(() => {
    const current = recognition.current;
    recognition.current = null;
    if (current) {
      current.onresult = null;
      current.onerror = null;
      current.onend = null;
      current.abort();
    }
  }, []);

  useEffect(
    () => () => {
      clearTimers();
      release();
    },
    [release, clearTimers],
  );

  const finish = useCallback(() => {
    const said = text.current;
    if (!said) {
      setState("idle");
      return;
    }
    setState("sending");
    sendTimer.current = setTimeout(() => {
      setState("idle");
      text.current = "";
      setTranscript("");
      callbacks.current.onFinal(said);
    }, Timing.voiceAutoSendMs);
  }, []);

  const start = useCallback(() => {
    const Ctor = speechRecognitionCtor();
    if (!Ctor) {
      callbacks.current.onError("unsupported");
      return false;
    }
    clearTimers();
    release();
    text.current = "";
    discard.current = false;
    setTranscript("");
    const next = new Ctor();
    next.lang = lang;
    next.continuous = true;
    next.interimResults = true;
    const armSilence = () => {
      clearTimeout(silence.current);
      silence.current = setTimeout(() => next.stop(), Timing.voiceAutoStopMs);
    };
    next.onresult = (event) => {
      text.current = transcriptOf(event);
      setTranscript(text.current);
      armSilence();
    };
    next.onerror = (event) => {
      if (event.error === "not-allowed" || event.error === "service-not-allowed" || event.error === "audio-capture") {
        discard.current = true;
        callbacks.current.onError("microphone");
      }
    };
    next.onend = () => {
      clearTimeout(silence.current);
      recognition.current = null;
      if (discard.current) {
        setState("idle");
        return;
      }
      finish();
    };
    recognition.current = next;
    try {
      next.start();
    } catch {
      recognition.current = null;
      callbacks.current.onError("microphone");
      return false;
    }
    armSilence();
    setState("recording");
    return true;
  }, [finish, lang, release, clearTimers]);

  /** stop listening and send what was said now, without the 1 s wait */
  const sendNow = useCallback(() => {
    clearTimers();
    const said = text.current;
    discard.current = true;
    release();
    setState("idle");
    text.current = "";
    setTranscript("");
    if (said) callbacks.current.onFinal(said);
  }, [release, clearTimers]);

  /** stop listening; what was said is sent about 1 s later */
  const stop = useCallback(() => {
    const current = recognition.current;
    if (current) current.stop();
    else finish();
  }, [finish]);

  const cancel = useCallback(() => {
    clearTimers();
    discard.current = true;
    release();
    text.current = "";
    setTranscript("");
    setState("idle");
  }, [release, clearTimers]);

  return { state, transcript, start, stop, sendNow, cancel };
}
