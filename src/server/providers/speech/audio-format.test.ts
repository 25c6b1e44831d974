import { describe, expect, it } from "vitest";
import { audioExtension, declaredAudioMime, sniffAudio } from "./audio-format.ts";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part)))),
  );

const EBML = [0x1a, 0x45, 0xdf, 0xa3];

describe("audio formats", () => {
  it("knows a recording by its first bytes", () => {
    expect(sniffAudio(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt "))).toBe("audio/wav");
    expect(sniffAudio(bytes("OggS", [0, 2, 0, 0]))).toBe("audio/ogg");
    expect(sniffAudio(bytes(EBML, [0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], "webm"))).toBe("audio/webm");
    expect(sniffAudio(bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]))).toBe("audio/mp4");
    expect(sniffAudio(bytes("ID3", [4, 0, 0, 0, 0, 0, 0]))).toBe("audio/mpeg");
    expect(sniffAudio(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg");
  });

  it("refuses everything else", () => {
    expect(sniffAudio(bytes("RIFF"))).toBeUndefined();
    expect(sniffAudio(bytes("RIFF", [0, 0, 0, 0], "AVI LIST"))).toBeUndefined();
    expect(sniffAudio(bytes(EBML, [0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x88], "matroska"))).toBeUndefined();
    expect(sniffAudio(bytes([0x89], "PNG\r\n", [0x1a, 0x0a]))).toBeUndefined();
    expect(sniffAudio(bytes("%PDF-1.7"))).toBeUndefined();
    // ADTS AAC (layer 00) is not MPEG audio layer I-III
    expect(sniffAudio(bytes([0xff, 0xf1, 0x50, 0x80]))).toBeUndefined();
    expect(sniffAudio(bytes("hello world"))).toBeUndefined();
  });

  it("reads declared types with parameters and common aliases", () => {
    expect(declaredAudioMime("audio/webm;codecs=opus")).toBe("audio/webm");
    expect(declaredAudioMime("AUDIO/OGG; codecs=opus")).toBe("audio/ogg");
    expect(declaredAudioMime("audio/x-wav")).toBe("audio/wav");
    expect(declaredAudioMime("audio/mp3")).toBe("audio/mpeg");
    expect(declaredAudioMime("audio/x-m4a")).toBe("audio/mp4");
    expect(declaredAudioMime("video/webm")).toBeUndefined();
    expect(declaredAudioMime("image/png")).toBeUndefined();
    expect(audioExtension("audio/mpeg")).toBe("mp3");
    expect(audioExtension("audio/webm;codecs=opus")).toBe("webm");
    expect(audioExtension("application/octet-stream")).toBe("bin");
  });
});
