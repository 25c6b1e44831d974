/**
 * The upload worker: a worker thread of the upload pool (upload-pool.ts). It takes an upload's raw JSON body and
 * does all the work proportional to its size off the main thread: the nesting check, JSON.parse, validation,
 * base64 decoding, checking the bytes, and reading a PDF's text. It answers plain data only.
 */

import { extractPdfText, PdfUnreadableError } from "./pdf-text.ts";
import { type Checked, type CheckedImage, checkImages, checkPdf, refuse } from "./upload-checks.ts";

export interface PdfLimits {
  maxChars: number;
  maxPages: number;
  timeoutMs: number;
}

export type UploadTask = { kind: "pdf"; body: Uint8Array; limits: PdfLimits } | { kind: "images"; body: Uint8Array };

export interface ReadPdf {
  name: string;
  bytes: Uint8Array;
  text: string;
  pages: number;
}

export type UploadResult = Checked<ReadPdf> | Checked<CheckedImage[]>;

async function readPdf(body: Uint8Array, limits: PdfLimits): Promise<Checked<ReadPdf>> {
  const checked = checkPdf(body);
  if (!checked.ok) return checked;
  const { name, bytes } = checked.value;
  try {
    const extracted = await extractPdfText(bytes, limits);
    return { ok: true, value: { name, bytes, text: extracted.text, pages: extracted.pages } };
  } catch (error) {
    if (!(error instanceof PdfUnreadableError)) throw error;
    return refuse("pdfTips", "base64content", `${JSON.stringify(name)} could not be read as a PDF`);
  }
}

export default function readUpload(task: UploadTask): Promise<UploadResult> | UploadResult {
  return task.kind === "pdf" ? readPdf(task.body, task.limits) : checkImages(task.body);
}
