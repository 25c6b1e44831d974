import { z } from "zod";
import { UpstreamError } from "../upstream/upstream.ts";
import { callUpstream, type UpstreamAnswer } from "../upstream/upstream-call.ts";
import { audioExtension } from "./audio-format.ts";
import { SpeechError, type SpeechLanguage, type SpeechToText } from "./speech-to-text.ts";

/**
 * The speech port on an OpenAI-compatible transcription API (OpenAI, Groq, a self-hosted Whisper server):
 * `POST <base>/audio/transcriptions`, multipart/form-data with `file`, `model`, `language` and
 * `response_format=json`, a bearer key; the answer is `{ "text": "..." }`.
 *
 * One attempt per recording, within `timeoutMs` for the whole answer (the user is waiting for the stream to
 * open, and a retry would only make them wait longer); every failure is a SpeechError with its kind.
 */

export interface OpenAiTranscriptionOptions {
  /** e.g. https://api.openai.com/v1; requests go to <baseUrl>/audio/transcriptions */
  baseUrl: string;
  apiKey: string;
  /** default DEFAULT_STT_MODEL */
  model?: string | undefined;
  /** default DEFAULT_STT_TIMEOUT_MS */
  timeoutMs?: number;
}

export const DEFAULT_STT_MODEL = "whisper-1";
export const DEFAULT_STT_TIMEOUT_MS = 30_000;

/** The API's language codes (ISO 639-1) for the chat's languages. */
const LANGUAGE_CODES: Readonly<Record<SpeechLanguage, string>> = { en: "en", cn: "zh" };

const transcriptionSchema = z.object({ text: z.string() });

/** Retry-After in milliseconds (seconds or an HTTP date); undefined when absent or unreadable */
function retryAfterMs(response: UpstreamAnswer): number | undefined {
  const header = response.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The API's own words about a refusal (`{"error":{"message":...}}`), cut short, for the logs. */
function refusalDetail(body: string): string {
  let detail = body;
  try {
    const parsed = z.object({ error: z.object({ message: z.string() }) }).safeParse(JSON.parse(body));
    if (parsed.success) detail = parsed.data.error.message;
  } catch {
    // not JSON: the text itself
  }
  detail = detail.replace(/\s+/g, " ").trim();
  return detail.length > 200 ? `${detail.slice(0, 200)}…` : detail;
}

export function createOpenAiTranscription(options: OpenAiTranscriptionOptions): SpeechToText {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const endpoint = new URL("audio/transcriptions", base);
  const model = options.model ?? DEFAULT_STT_MODEL;
  const timeoutMs = options.timeoutMs ?? DEFAULT_STT_TIMEOUT_MS;

  return {
    async transcribe(audio, mime, language, signal) {
      const form = new FormData();
      // the API reads the format from the file name's extension
      form.append("file", new Blob([new Uint8Array(audio)], { type: mime }), `recording.${audioExtension(mime)}`);
      form.append("model", model);
      form.append("language", LANGUAGE_CODES[language]);
      form.append("response_format", "json");

      let response: UpstreamAnswer;
      try {
        response = await callUpstream("speech-to-text", endpoint, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, accept: "application/json" },
          body: form,
          timeoutMs,
          signal,
        });
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        const kind = error.kind === "aborted" || error.kind === "timeout" ? error.kind : "network";
        throw new SpeechError(kind, error.detail, { cause: error });
      }
      const body = response.text();

      if (response.status === 429) {
        throw new SpeechError("rate-limited", `answered 429: ${refusalDetail(body)}`, {
          status: 429,
          retryAfterMs: retryAfterMs(response),
        });
      }
      if (!response.ok) {
        throw new SpeechError("http", `answered ${response.status}: ${refusalDetail(body)}`, {
          status: response.status,
        });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (error) {
        throw new SpeechError("malformed", "answered with something other than JSON", { cause: error });
      }
      const result = transcriptionSchema.safeParse(parsed);
      if (!result.success) {
        throw new SpeechError("malformed", "answered JSON without a text", { cause: result.error });
      }
      return result.data.text.trim();
    },
  };
}
