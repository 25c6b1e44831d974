import { describe, expect, it } from "vitest";
import { declaredImageMime, decodeBase64Payload, looksLikePdf, sniffImage } from "./file-bytes.ts";

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

describe("file bytes", () => {
  it("tell PNG and JPEG by their first bytes, and nothing else", () => {
    expect(sniffImage(PNG_HEAD)).toBe("image/png");
    expect(sniffImage(JPEG_HEAD)).toBe("image/jpeg");
    expect(sniffImage(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeUndefined();
  });

  it("read declared image types as the spec lists them (png, jpeg, jpg)", () => {
    expect(declaredImageMime("image/png")).toBe("image/png");
    expect(declaredImageMime("IMAGE/JPG")).toBe("image/jpeg");
    expect(declaredImageMime("jpeg")).toBe("image/jpeg");
    expect(declaredImageMime("image/webp")).toBeUndefined();
    expect(declaredImageMime("image/svg+xml")).toBeUndefined();
  });

  it("find the PDF header", () => {
    expect(looksLikePdf(Buffer.from("%PDF-1.7\n..."))).toBe(true);
    expect(looksLikePdf(Buffer.concat([Buffer.alloc(100), Buffer.from("%PDF-1.4")]))).toBe(true);
    expect(looksLikePdf(Buffer.concat([Buffer.alloc(2000), Buffer.from("%PDF-1.4")]))).toBe(false);
  });

  it("decode base64 with or without a data URL prefix", () => {
    const base64 = PNG_HEAD.toString("base64");
    expect(decodeBase64Payload(base64, 100)).toEqual({ ok: true, bytes: PNG_HEAD, prefixMime: undefined });
    expect(decodeBase64Payload(`data:Image/PNG;base64,${base64}`, 100)).toEqual({
      ok: true,
      bytes: PNG_HEAD,
      prefixMime: "image/png",
    });
  });

  it("check the size before decoding, to the byte", () => {
    const ten = Buffer.alloc(10, 1).toString("base64");
    expect(decodeBase64Payload(ten, 10).ok).toBe(true);
    expect(decodeBase64Payload(ten, 9)).toEqual({ ok: false, reason: "tooLarge" });
  });

  it("refuse text that is not base64, and empty content", () => {
    expect(decodeBase64Payload("not base64!", 100)).toEqual({ ok: false, reason: "invalid" });
    expect(decodeBase64Payload("data:image/png;base64,", 100)).toEqual({ ok: false, reason: "invalid" });
  });
});
