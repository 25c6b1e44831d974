import pino from "pino";
import { describe, expect, it } from "vitest";
import { SpeechError, type SpeechToText } from "../../providers/speech/speech-to-text.ts";
import { readRecording, transcribeQuestion } from "./voice-question.ts";

const logger = pino({ level: "silent" });

/** The first bytes of a WAV recording (RIFF, WAVE, fmt and data chunks) and a few silent samples. */
const WAV = Buffer.concat([
  Buffer.from("RIFF", "latin1"),
  Buffer.from([0x2c, 0, 0, 0]),
  Buffer.from("WAVEfmt ", "latin1"),
  Buffer.from([16, 0, 0, 0, 1, 0, 1, 0, 0x80, 0x3e, 0, 0, 0, 0x7d, 0, 0, 2, 0, 16, 0]),
  Buffer.from("data", "latin1"),
  Buffer.from([8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
]);
const OGG = Buffer.from("OggS\0\u0002\0\0\0\0\0\0\0\0", "latin1");

function port(result: string | SpeechError) {
  const calls: { audio: Uint8Array; mime: string; language: string }[] = [];
  const speech: SpeechToText = {
    transcribe: async (audio, mime, language) => {
      calls.push({ audio, mime, language });
      if (result instanceof SpeechError) throw result;
      return result;
    },
  };
  return { speech, calls };
}

describe("reading a recording", () => {
  it("decodes plain base64 and data URLs, the bytes deciding the type", () => {
    expect(readRecording(WAV.toString("base64"))).toEqual({ bytes: WAV, mime: "audio/wav" });
    expect(readRecording(`data:audio/ogg;codecs=opus;base64,${OGG.toString("base64")}`).mime).toBe("audio/ogg");
    expect(readRecording(`data:audio/x-wav;base64,${WAV.toString("base64")}`).mime).toBe("audio/wav");
  });

  it("refuses what is not base64 audio, a declared type the bytes deny, and oversized recordings", () => {
    const invalid = {
      code: 1001,
      key: "invalidValue",
      status: 400,
      issues: [{ field: "base64String", key: "invalidValue" }],
    };
    expect(() => readRecording("not base64!")).toThrow(expect.objectContaining(invalid));
    expect(() => readRecording(Buffer.from("just some text").toString("base64"))).toThrow(
      expect.objectContaining(invalid),
    );
    expect(() => readRecording("UklGRg==")).toThrow(expect.objectContaining(invalid));
    expect(() => readRecording(`data:image/png;base64,${WAV.toString("base64")}`)).toThrow(
      expect.objectContaining(invalid),
    );
    expect(() => readRecording(`data:audio/webm;base64,${WAV.toString("base64")}`)).toThrow(
      expect.objectContaining(invalid),
    );
    expect(() => readRecording(WAV.toString("base64"), 16)).toThrow(
      expect.objectContaining({ key: "payloadTooLarge", status: 413 }),
    );
  });
});

describe("transcribing a recorded question", () => {
  it("gives the port the bytes, their type and the chat's language, and answers the trimmed text", async () => {
    const { speech, calls } = port("  What is the BTC price?  ");
    const text = await transcribeQuestion({ speech, logger }, { base64String: WAV.toString("base64"), language: "cn" });
    expect(text).toBe("What is the BTC price?");
    expect(calls).toEqual([{ audio: WAV, mime: "audio/wav", language: "cn" }]);
  });

  it("refuses bad data before asking the port", async () => {
    const { speech, calls } = port("never");
    await expect(
      transcribeQuestion({ speech, logger }, { base64String: "UklGRg==", language: "en" }),
    ).rejects.toMatchObject({
      key: "invalidValue",
    });
    expect(calls).toHaveLength(0);
  });

  it("nothing heard is required; more than a typed question may hold is uploadLengthTip", async () => {
    const body = { base64String: WAV.toString("base64"), language: "en" as const };
    await expect(transcribeQuestion({ speech: port("  ").speech, logger }, body)).rejects.toMatchObject({
      code: 1001,
      key: "required",
      issues: [{ field: "base64String", key: "required" }],
    });
    await expect(transcribeQuestion({ speech: port("x".repeat(5001)).speech, logger }, body)).rejects.toMatchObject({
      key: "uploadLengthTip",
    });
  });

  it("a failing service is Serverbusy: 503 when unavailable, 502 when it answered wrongly", async () => {
    const body = { base64String: WAV.toString("base64"), language: "en" as const };
    const cases = [
      [new SpeechError("timeout", "slow"), 503],
      [new SpeechError("network", "down"), 503],
      [new SpeechError("rate-limited", "429", { status: 429, retryAfterMs: 1000 }), 503],
      [new SpeechError("http", "401", { status: 401 }), 502],
      [new SpeechError("malformed", "html"), 502],
    ] as const;
    for (const [error, status] of cases) {
      await expect(transcribeQuestion({ speech: port(error).speech, logger }, body)).rejects.toMatchObject({
        code: 1001,
        key: "Serverbusy",
        status,
      });
    }
    const crashing: SpeechToText = { transcribe: () => Promise.reject(new Error("bug")) };
    await expect(transcribeQuestion({ speech: crashing, logger }, body)).rejects.toMatchObject({ status: 502 });
  });
});
