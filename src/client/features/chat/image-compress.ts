import { Limits } from "../../../contract/constants.ts";

/**
 * Re-encodes an image as JPEG at the spec's quality (0.5) on a canvas (spec §5: files over 1 MB). Transparent
 * areas turn white rather than black. The original is kept when re-encoding does not make it smaller.
 */
export async function compressImage(file: Blob, quality: number = Limits.chatImageCompressQuality): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}
