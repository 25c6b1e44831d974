import { useCallback, useEffect, useRef, useState } from "react";
import { speechClips } from "./speech.ts";

export type SpeakerState = "idle" | "playing" | "paused";

/** Whether the browser can speak (speechSynthesis). */
export function canSpeak(): boolean {
  return typeof window !== "undefined" && "speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function";
}

/**
 * Reads an answer aloud as a list of clips (spec §4) with pause and play; `onEnd` follows the last clip
 * (the voice conversation then listens again).
 */
export function useSpeaker(onEnd: () => void) {
  const [state, setState] = useState<SpeakerState>("idle");
  const session = useRef(0);
  const ended = useRef(onEnd);
  ended.current = onEnd;

  const cancel = useCallback(() => {
    session.current += 1;
    if (canSpeak()) window.speechSynthesis.cancel();
    setState("idle");
  }, []);

  useEffect(() => cancel, [cancel]);

  const speak = useCallback((markdown: string, lang: string) => {
    if (!canSpeak()) {
      ended.current();
      return;
    }
    const synth = window.speechSynthesis;
    synth.cancel();
    const id = ++session.current;
    const clips = speechClips(markdown);
    if (clips.length === 0) {
      ended.current();
      return;
    }
    setState("playing");
    clips.forEach((clip, index) => {
      const utterance = new SpeechSynthesisUtterance(clip);
      utterance.lang = lang;
      if (index === clips.length - 1) {
        utterance.onend = () => {
          if (session.current !== id) return;
          setState("idle");
          ended.current();
        };
      }
      synth.speak(utterance);
    });
  }, []);

  const pause = useCallback(() => {
    if (!canSpeak()) return;
    window.speechSynthesis.pause();
    setState("paused");
  }, []);

  const resume = useCallback(() => {
    if (!canSpeak()) return;
    window.speechSynthesis.resume();
    setState("playing");
  }, []);

  return { state, speak, pause, resume, cancel };
}
