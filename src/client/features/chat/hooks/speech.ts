import { plainText } from "../model/plain-text.ts";

/** The parts of the Web Speech API the chat uses; the DOM library of TypeScript does not describe them all. */
export interface SpeechRecognitionAlternativeLike {
  transcript: string;
}
export interface SpeechRecognitionResultLike {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: SpeechRecognitionAlternativeLike;
}
export interface SpeechRecognitionEventLike {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: SpeechRecognitionResultLike };
}
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionCtor = new () => SpeechRecognitionLike;

interface SpeechWindow {
  SpeechRecognition?: SpeechRecognitionCtor;
  webkitSpeechRecognition?: SpeechRecognitionCtor;
}

/** The browser's speech recognition (Chrome and Safari name it webkitSpeechRecognition), if it has one. */
export function speechRecognitionCtor(
  win: object | undefined = typeof window === "undefined" ? undefined : window,
): SpeechRecognitionCtor | undefined {
  if (!win) return undefined;
  const speech = win as SpeechWindow;
  return speech.SpeechRecognition ?? speech.webkitSpeechRecognition;
}

/** The whole transcript so far: every result's best alternative, in order. */
export function transcriptOf(event: SpeechRecognitionEventLike): string {
  let text = "";
  for (let i = 0; i < event.results.length; i++) text += event.results[i]?.[0]?.transcript ?? "";
  return text.trim();
}

/** Markdown read aloud: tables, emphasis and links reduced to their words, cut into clips of a sentence or so. */
export function speechClips(markdown: string, maxLength = 200): string[] {
  const plain = plainText(markdown).replace(/\s+/g, " ");
  if (!plain) return [];
  const sentences = plain.match(/[^.!?。！？]+[.!?。！？]*/g) ?? [plain];
  const clips: string[] = [];
  let current = "";
  for (const sentence of sentences) {
    const piece = sentence.trim();
    if (!piece) continue;
    if (current && current.length + piece.length + 1 > maxLength) {
      clips.push(current);
      current = "";
    }
    current = current ? `${current} ${piece}` : piece;
    while (current.length > maxLength) {
      clips.push(current.slice(0, maxLength));
      current = current.slice(maxLength);
    }
  }
  if (current) clips.push(current);
  return clips;
}
