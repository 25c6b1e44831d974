/**
 * Speech to text: the port the chat asks to turn a recorded question into its text. The browser's own
 * recognition is the default (the client sends the text it heard); the server has a port only when a
 * transcription API is configured (STT_BASE_URL and STT_API_KEY), and none otherwise: there is no embedded
 * offline recogniser.
 */

export type SpeechLanguage = "en" | "cn";

export interface SpeechToText {
  /**
   * The text spoken in `audio` (a whole recording of type `mime`), trimmed; empty when nothing was heard.
   * Fails with a SpeechError.
   */
  transcribe(audio: Uint8Array, mime: string, language: SpeechLanguage, signal?: AbortSignal): Promise<string>;
}

/**
 * - timeout: no whole answer within the adapter's timeout;
 * - network: the service could not be reached (refused, reset, DNS);
 * - rate-limited: it answered 429;
 * - http: it answered another status that is not a success;
 * - malformed: it answered 2xx with something other than `{ "text": string }`;
 * - aborted: the caller's signal ended the call (its client went away).
 */
export type SpeechFailure = "timeout" | "network" | "rate-limited" | "http" | "malformed" | "aborted";

export class SpeechError extends Error {
  override name = "SpeechError";
  /** the HTTP status, for http and rate-limited */
  readonly status: number | undefined;
  /** rate-limited: how long the service asked us to wait (Retry-After), when it said */
  readonly retryAfterMs: number | undefined;
  constructor(
    readonly kind: SpeechFailure,
    message: string,
    details: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(`speech to text: ${message}`, { cause: details.cause });
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}
