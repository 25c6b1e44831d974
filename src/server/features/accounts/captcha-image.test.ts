import { crc32, inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodePng } from "../../png.ts";
import { CAPTCHA_ALPHABET, GLYPH_HEIGHT, GLYPH_WIDTH, glyphs } from "./captcha-font.ts";
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptcha } from "./captcha-image.ts";

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  /** the CRC computed over type and data */
  computed: number;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("ascii", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    chunks.push({
      type,
      data,
      crc: png.readUInt32BE(at + 8 + length),
      computed: crc32(png.subarray(at + 4, at + 8 + length)),
    });
    at += 12 + length;
  }
  return chunks;
}

/** Decodes what encodePng writes for noisy images (filter 0 rows) back into width, height and RGB pixels. */
function decode(png: Buffer) {
  const chunks = readChunks(png);
  const header = chunks.find((chunk) => chunk.type === "IHDR")?.data;
  if (!header) throw new Error("no IHDR");
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === "IDAT").map((chunk) => chunk.data)));
  const stride = width * 3;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(0);
    raw.copy(pixels, y * stride, y * (stride + 1) + 1, (y + 1) * (stride + 1));
  }
  return { width, height, header, raw, pixels, chunks };
}

describe("encodePng", () => {
  it("writes the signature, an RGB IHDR, IDAT and IEND with valid CRCs, and decodes to the same pixels", () => {
    const width = 3;
    const height = 2;
    const pixels = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const png = encodePng({ width, height, pixels });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const decoded = decode(png);
    expect(decoded.chunks.map((chunk) => chunk.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    for (const chunk of decoded.chunks) expect(chunk.crc).toBe(chunk.computed);
    expect(decoded.header.length).toBe(13);
    expect([...decoded.header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    expect(decoded.width).toBe(3);
    expect(decoded.height).toBe(2);
    expect(decoded.raw.length).toBe((width * 3 + 1) * height);
    expect([...decoded.pixels]).toEqual([...pixels]);
  });

  it("refuses a pixel buffer of the wrong size", () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(5) })).toThrow();
  });
});

describe("captcha font and image", () => {
  it("has a 5x7 glyph for every character of the alphabet and no look-alikes", () => {
    for (const char of CAPTCHA_ALPHABET) {
      const glyph = glyphs.get(char);
      expect(glyph, char).toHaveLength(GLYPH_HEIGHT);
      for (const row of glyph ?? []) expect(row).toHaveLength(GLYPH_WIDTH);
    }
    for (const ambiguous of "0OQD1IL2Z5S8BG7") expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
  });

  it("renders a 120x40 image that encodes and decodes, with ink from the glyphs and varying output", () => {
    const image = renderCaptcha("AC3K9");
    expect(image.width).toBe(CAPTCHA_WIDTH);
    expect(image.height).toBe(CAPTCHA_HEIGHT);
    const decoded = decode(encodePng(image));
    expect(decoded.width).toBe(120);
    expect(decoded.height).toBe(40);
    let dark = 0;
    for (let i = 0; i < decoded.pixels.length; i += 3) {
      if ((decoded.pixels[i] ?? 0) + (decoded.pixels[i + 1] ?? 0) + (decoded.pixels[i + 2] ?? 0) < 400) dark++;
    }
    // glyph strokes cover a good share of the picture; noise alone would not
    expect(dark).toBeGreaterThan(400);
    expect(Buffer.from(renderCaptcha("AC3K9").pixels).equals(Buffer.from(image.pixels))).toBe(false);
  });

  it("refuses a character it has no glyph for", () => {
    expect(() => renderCaptcha("A0")).toThrow(/no glyph/);
  });
});
