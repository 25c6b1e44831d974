import { PDF_UPLOAD_MAX_BYTES } from "../../../../contract/chat.ts";
import { Limits } from "../../../../contract/constants.ts";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/jpg"] as const;
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";
export const PDF_TYPE = "application/pdf";
/** the spec leaves a PDF's size open; the contract sets it */
export const PDF_MAX_BYTES = PDF_UPLOAD_MAX_BYTES;

export type AttachmentProblem =
  | { kind: "imageType"; name: string }
  | { kind: "imageSize"; name: string }
  | { kind: "imageCount"; name: string }
  | { kind: "pdfType"; name: string }
  | { kind: "pdfSize"; name: string };

export interface PickedFile {
  name: string;
  type: string;
  size: number;
}

const extension = (name: string) => name.slice(name.lastIndexOf(".") + 1).toLowerCase();

export function isAllowedImage(file: PickedFile): boolean {
  if (file.type) return (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  return ["png", "jpg", "jpeg"].includes(extension(file.name));
}

/**
 * Spec §5 for chat images: png, jpeg or jpg; at most 10 MB each; at most 5 with those already attached.
 * Each refused file is named, so the user knows which one.
 */
export function checkImages<T extends PickedFile>(
  files: readonly T[],
  alreadyAttached: number,
): { accepted: T[]; problems: AttachmentProblem[] } {
  const accepted: T[] = [];
  const problems: AttachmentProblem[] = [];
  for (const file of files) {
    if (!isAllowedImage(file)) problems.push({ kind: "imageType", name: file.name });
    else if (file.size > Limits.chatImageMaxBytes) problems.push({ kind: "imageSize", name: file.name });
    else if (alreadyAttached + accepted.length >= Limits.chatImagesMax)
      problems.push({ kind: "imageCount", name: file.name });
    else accepted.push(file);
  }
  return { accepted, problems };
}

/** Spec §5: a PDF must be application/pdf. */
export function checkPdf(file: PickedFile): AttachmentProblem | undefined {
  if (file.type !== PDF_TYPE) return { kind: "pdfType", name: file.name };
  if (file.size > PDF_MAX_BYTES) return { kind: "pdfSize", name: file.name };
  return undefined;
}

/** Images over 1 MB are compressed before upload (spec §5, quality 0.5). */
export function needsCompression(size: number): boolean {
  return size > Limits.chatImageCompressAboveBytes;
}

/** Spec §5: a PDF's size in KB below 1 MB, else in MB. */
export function formatFileSize(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes < mb) return `${Math.max(0.1, bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / mb).toFixed(1)} MB`;
}
