import { constants } from "node:zlib";
import { PNG } from "pngjs";

/** An RGB image, 3 bytes per pixel, rows top to bottom. */
export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * How an image is packed. "noisy" (small, busy images such as the captcha): no row filter, the strongest deflate.
 * "flat" (large runs of one colour and vertical fades, such as the price card's chart): the Up filter turns rows
 * into runs of zeros that deflate's run-length strategy packs in a few milliseconds; its default match search
 * takes a hundred times longer on such rows for a 20% smaller file, time the event loop would be blocked for.
 */
export type PngPacking = "noisy" | "flat";

/** Encodes an 8-bit RGB image as PNG (pngjs). */
export function encodePng(image: RgbImage, packing: PngPacking = "noisy"): Buffer {
  const { width, height, pixels } = image;
  if (pixels.length !== width * height * 3) throw new Error("pixel buffer does not match the size");
  const png = new PNG({ width, height, colorType: 2, inputColorType: 2, inputHasAlpha: false, bitDepth: 8 });
  png.data = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const flat = packing === "flat";
  return PNG.sync.write(png, {
    colorType: 2,
    inputColorType: 2,
    inputHasAlpha: false,
    bitDepth: 8,
    filterType: flat ? 2 : 0,
    deflateLevel: flat ? 6 : 9,
    deflateStrategy: flat ? constants.Z_RLE : constants.Z_DEFAULT_STRATEGY,
  });
}
