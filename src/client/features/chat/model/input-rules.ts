import { Limits } from "../../../../contract/constants.ts";

export const QUESTION_MAX = Limits.questionMax;
/** the counter shows from here on, so it is there before the limit is reached */
export const COUNTER_FROM = Math.floor(QUESTION_MAX * 0.9);

export interface EnterKey {
  key: string;
  shiftKey: boolean;
  /** true while an input method (Chinese, Japanese …) composes: its Enter confirms the candidate */
  isComposing: boolean;
  /** 229 is what browsers report for keys an input method handles (Safari lacks isComposing there) */
  keyCode: number;
}

/**
 * What Enter does in the question box (spec §5): send, unless Shift is held (new line), an input method is
 * composing (it belongs to the IME), or the keyboard is a phone's (Enter is its new-line key; the Send
 * button sends).
 */
export function enterAction(event: EnterKey, { mobileKeyboard }: { mobileKeyboard: boolean }): "send" | "default" {
  if (event.key !== "Enter") return "default";
  if (event.isComposing || event.keyCode === 229) return "default";
  if (event.shiftKey || mobileKeyboard) return "default";
  return "send";
}

export interface QuestionState {
  length: number;
  /** nothing to send: only spaces */
  blank: boolean;
  showCounter: boolean;
  over: boolean;
}

export function questionState(text: string): QuestionState {
  const length = text.length;
  return {
    length,
    blank: text.trim().length === 0,
    showCounter: length >= COUNTER_FROM,
    over: length > QUESTION_MAX,
  };
}
