/**
 * The recordings the speech port takes: what browsers' MediaRecorder writes (WebM/Opus, Ogg/Opus, MP4/AAC) and
 * the common file formats (WAV, MP3). The bytes decide what a recording is; a declared type only has to agree.
 */

export const audioMimes = ["audio/webm", "audio/ogg", "audio/wav", "audio/mpeg", "audio/mp4"] as const;
export type AudioMime = (typeof audioMimes)[number];

/** Other names clients give the same formats. */
const ALIASES: Readonly<Record<string, AudioMime>> = {
  "audio/wave": "audio/wav",
  "audio/x-wav": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/opus": "audio/ogg",
};

/** The file extension the transcription API reads the format from. */
const EXTENSIONS: Readonly<Record<AudioMime, string>> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/mpeg": "mp3",
  "audio/mp4": "mp4",
};

/** A declared type ("audio/webm;codecs=opus", "audio/x-wav", ...) as one of ours, if it is one we take. */
export function declaredAudioMime(type: string): AudioMime | undefined {
  const base = type.split(";")[0]?.trim().toLowerCase() ?? "";
  return (audioMimes as readonly string[]).includes(base) ? (base as AudioMime) : ALIASES[base];
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** What the first bytes say a recording is, or undefined for anything else. */
export function sniffAudio(bytes: Uint8Array): AudioMime | undefined {
  if (bytes.length < 4) return undefined;
  // RIFF <size> WAVE
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WAVE") return "audio/wav";
  if (ascii(bytes, 0, 4) === "OggS") return "audio/ogg";
  // an EBML header whose DocType is "webm" (Matroska files use the same header with "matroska")
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return ascii(bytes, 4, 64).includes("webm") ? "audio/webm" : undefined;
  }
  // ISO base media: <box size> ftyp <brand>
  if (ascii(bytes, 4, 8) === "ftyp") return "audio/mp4";
  if (ascii(bytes, 0, 3) === "ID3") return "audio/mpeg";
  // an MPEG audio frame: 11 sync bits, a version that is not reserved (01), a layer that is not reserved (00)
  const second = bytes[1] ?? 0;
  if (bytes[0] === 0xff && (second & 0xe0) === 0xe0 && (second & 0x18) !== 0x08 && (second & 0x06) !== 0) {
    return "audio/mpeg";
  }
  return undefined;
}

/** The extension of a recording's file name for its type; "bin" for a type that is not ours. */
export function audioExtension(mime: string): string {
  const known = declaredAudioMime(mime);
  return known ? EXTENSIONS[known] : "bin";
}
