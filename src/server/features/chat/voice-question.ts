import type { ChatSendBody } from "../../../contract/chat.ts";
import { Limits } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import { type AudioMime, declaredAudioMime, sniffAudio } from "../../providers/speech/audio-format.ts";
import { SpeechError, type SpeechFailure, type SpeechToText } from "../../providers/speech/speech-to-text.ts";
import { decodeBase64Payload } from "./extras/file-bytes.ts";

/**
 * A recorded question (chat/send's `base64String`) turned into its text through the speech port, before
 * anything is counted or stored. Refusals are request errors on `base64String`: data that is not a recording
 * we take (invalidValue), too much of it (payloadTooLarge), nothing heard (required), more text than a typed
 * question may have (uploadLengthTip), the service failing (Serverbusy, 502 or 503).
 */

/** The largest recording taken, decoded (the body's own limit keeps it under about 6 MB already). */
export const VOICE_MAX_BYTES = 8 * 1024 * 1024;

const FIELD = "base64String";

function refused(
  key: "invalidValue" | "payloadTooLarge" | "required" | "uploadLengthTip",
  message: string,
  status: 400 | 413 = 400,
) {
  return new ApiError(ErrorCode.RequestFailed, key, status, [{ field: FIELD, key }], `${FIELD}: ${message}`);
}

/**
 * Decodes a recording: base64 with or without a `data:audio/...;base64,` prefix, whose bytes are WebM, Ogg,
 * WAV, MP3 or MP4 audio; a declared type must agree with the bytes.
 */
export function readRecording(
  base64String: string,
  maxBytes = VOICE_MAX_BYTES,
): { bytes: Uint8Array; mime: AudioMime } {
  const payload = decodeBase64Payload(base64String, maxBytes);
  if (!payload.ok) {
    if (payload.reason === "tooLarge") throw refused("payloadTooLarge", `the recording is over ${maxBytes} bytes`, 413);
    throw refused("invalidValue", "not base64 audio");
  }
  const sniffed = sniffAudio(payload.bytes);
  if (!sniffed) throw refused("invalidValue", "not a WebM, Ogg, WAV, MP3 or MP4 recording");
  if (payload.prefixMime !== undefined && declaredAudioMime(payload.prefixMime) !== sniffed) {
    throw refused("invalidValue", `declared ${payload.prefixMime} but the data is ${sniffed}`);
  }
  return { bytes: payload.bytes, mime: sniffed };
}

const UNAVAILABLE_STATUS: Readonly<Record<SpeechFailure, 502 | 503>> = {
  timeout: 503,
  network: 503,
  "rate-limited": 503,
  aborted: 503,
  http: 502,
  malformed: 502,
};

/** The recording's text, trimmed and never empty; throws an ApiError when there is none. */
export async function transcribeQuestion(
  deps: { speech: SpeechToText; logger: Logger },
  body: Pick<ChatSendBody, "base64String" | "language">,
  signal?: AbortSignal,
): Promise<string> {
  const { bytes, mime } = readRecording(body.base64String);
  let text: string;
  try {
    text = await deps.speech.transcribe(bytes, mime, body.language, signal);
  } catch (error) {
    const kind = error instanceof SpeechError ? error.kind : undefined;
    if (kind === "aborted") deps.logger.info({ err: error }, "speech to text abandoned: the client went away");
    else deps.logger.warn({ err: error, kind, mime, bytes: bytes.length }, "speech to text failed");
    throw new ApiError(
      ErrorCode.RequestFailed,
      "Serverbusy",
      kind ? UNAVAILABLE_STATUS[kind] : 502,
      [{ field: FIELD, key: "Serverbusy" }],
      `${FIELD}: the recording could not be transcribed now; try again or send the question's text`,
    );
  }
  const question = text.trim();
  if (!question) throw refused("required", "no speech was recognised in the recording");
  if (question.length > Limits.questionMax) {
    throw refused("uploadLengthTip", `the recording says more than ${Limits.questionMax} characters`);
  }
  return question;
}
