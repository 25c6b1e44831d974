import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../../../contract/user.ts";
import { parseAvatarDataUrl, sniffAvatar } from "./profile-image.ts";

const PNG_1PX = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe("sniffAvatar", () => {
  it("knows PNG and JPEG by their first bytes", () => {
    expect(sniffAvatar(Buffer.from(PNG_1PX, "base64"))).toBe("image/png");
    expect(sniffAvatar(JPEG_HEAD)).toBe("image/jpeg");
    expect(sniffAvatar(Buffer.from("GIF89a"))).toBeUndefined();
    expect(sniffAvatar(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("parseAvatarDataUrl", () => {
  it("accepts png, jpeg and jpg whose bytes match", () => {
    const png = parseAvatarDataUrl(`data:image/png;base64,${PNG_1PX}`);
    expect(png).toMatchObject({ ok: true, mime: "image/png" });
    expect(png.ok && png.bytes.equals(Buffer.from(PNG_1PX, "base64"))).toBe(true);
    expect(parseAvatarDataUrl(`data:image/jpeg;base64,${JPEG_HEAD.toString("base64")}`)).toMatchObject({
      ok: true,
      mime: "image/jpeg",
    });
    expect(parseAvatarDataUrl(`data:image/jpg;base64,${JPEG_HEAD.toString("base64")}`)).toMatchObject({
      ok: true,
      mime: "image/jpeg",
    });
  });

  it("refuses other types, mismatched labels and random bytes", () => {
    for (const url of [
      `data:image/gif;base64,${PNG_1PX}`,
      `data:image/png;base64,${JPEG_HEAD.toString("base64")}`,
      `data:image/jpeg;base64,${PNG_1PX}`,
      "data:image/png;base64,AAAAAAAA",
      "hello",
    ]) {
      expect(parseAvatarDataUrl(url)).toEqual({ ok: false, reason: "imgTypeTip" });
    }
  });

  it("accepts exactly the size limit and refuses one byte more", () => {
    const atLimit = Buffer.alloc(AVATAR_MAX_BYTES);
    JPEG_HEAD.copy(atLimit);
    expect(parseAvatarDataUrl(`data:image/jpeg;base64,${atLimit.toString("base64")}`).ok).toBe(true);
    const over = Buffer.concat([atLimit, Buffer.from([0])]);
    expect(parseAvatarDataUrl(`data:image/jpeg;base64,${over.toString("base64")}`)).toEqual({
      ok: false,
      reason: "payloadTooLarge",
    });
  });
});
