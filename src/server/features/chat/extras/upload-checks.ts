import type { z } from "zod";
import { imageListUploadBodySchema, PDF_UPLOAD_MAX_BYTES, pdfUploadBodySchema } from "../../../../contract/chat.ts";
import { Limits } from "../../../../contract/constants.ts";
import type { FieldIssue } from "../../../../contract/envelope.ts";
import { isMessageKey, type MessageKey } from "../../../../contract/message-keys.ts";
import { readJson } from "../../../json-text.ts";
import { declaredImageMime, decodeBase64Payload, type ImageMime, looksLikePdf, sniffImage } from "./file-bytes.ts";

/**
 * The checks of an upload's body, from its raw JSON bytes to decoded, verified files. They cost CPU in proportion
 * to the upload (tens of megabytes of base64), so the server runs them in its upload workers; they return plain
 * data (no classes), which is what can travel back from a worker thread.
 */

/** Why an upload is refused: what the error envelope says. */
export interface UploadRefusal {
  key: MessageKey;
  status: 400 | 413 | 422;
  issues: FieldIssue[];
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusal: UploadRefusal };

export function refuse(
  key: MessageKey,
  field: string,
  message: string,
  status: UploadRefusal["status"] = 400,
): { ok: false; refusal: UploadRefusal } {
  return { ok: false, refusal: { key, status, issues: [{ field, key }], message } };
}

const quoted = (name: string) => JSON.stringify(name);

/** NUL and lone surrogates: text PostgreSQL cannot store (the same rule every other JSON body is held to). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** Parses and validates a JSON body: 1001 malformedBody for bad or too deeply nested JSON, the schema's keys else. */
export function readBody<S extends z.ZodType>(bytes: Uint8Array, schema: S): Checked<z.output<S>> {
  const read = readJson(bytes);
  if (!read.ok) {
    return refuse(
      "malformedBody",
      "body",
      read.reason === "tooDeep" ? "the body nests too deeply" : "the body is not valid JSON",
    );
  }
  const result = schema.safeParse(read.value);
  if (!result.success) {
    const issues: FieldIssue[] = result.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join(".") : "body",
      key: isMessageKey(issue.message) ? issue.message : "invalidValue",
    }));
    const first = issues[0] ?? { field: "body", key: "invalidValue" };
    const summary = issues.map((issue) => `${issue.field}: ${issue.key}`).join("; ");
    return { ok: false, refusal: { key: first.key, status: 400, issues, message: `invalid request: ${summary}` } };
  }
  return { ok: true, value: result.data };
}

export interface CheckedImage {
  bytes: Uint8Array;
  mime: ImageMime;
  name: string;
}

/** Images (png/jpeg, at most Limits.chatImagesMax of Limits.chatImageMaxBytes each), all checked before any is kept. */
export function checkImages(body: Uint8Array): Checked<CheckedImage[]> {
  const read = readBody(body, imageListUploadBodySchema);
  if (!read.ok) return read;
  const images: CheckedImage[] = [];
  for (const [index, upload] of read.value.image_list.entries()) {
    const field = `image_list.${index}`;
    if (unstorable(upload.name)) return refuse("invalidValue", `${field}.name`, "the name is not valid text");
    const declared = declaredImageMime(upload.type);
    if (!declared) return refuse("imgTypeTip", field, `${quoted(upload.name)} is not a png or jpeg image`);
    const payload = decodeBase64Payload(upload.base64content, Limits.chatImageMaxBytes);
    if (!payload.ok) {
      return payload.reason === "tooLarge"
        ? refuse("payloadTooLarge", field, `${quoted(upload.name)} is over ${Limits.chatImageMaxBytes} bytes`, 413)
        : refuse("imgTypeTip", field, `${quoted(upload.name)} is not valid base64`);
    }
    const sniffed = sniffImage(payload.bytes);
    const prefixAgrees = payload.prefixMime === undefined || declaredImageMime(payload.prefixMime) === sniffed;
    if (!sniffed || sniffed !== declared || !prefixAgrees) {
      return refuse("imgTypeTip", field, `${quoted(upload.name)} is not the png or jpeg image it claims to be`);
    }
    images.push({ bytes: new Uint8Array(payload.bytes), mime: sniffed, name: upload.name });
  }
  return { ok: true, value: images };
}

export interface CheckedPdf {
  name: string;
  bytes: Uint8Array;
}

/** A PDF (application/pdf, at most PDF_UPLOAD_MAX_BYTES, starting as a PDF does); its text is read after this. */
export function checkPdf(body: Uint8Array): Checked<CheckedPdf> {
  const read = readBody(body, pdfUploadBodySchema);
  if (!read.ok) return read;
  const { name, type, base64content } = read.value;
  if (unstorable(name)) return refuse("invalidValue", "name", "the name is not valid text");
  if (type.trim().toLowerCase() !== "application/pdf") {
    return refuse("pdfTips", "type", `${quoted(name)} is not application/pdf`);
  }
  const payload = decodeBase64Payload(base64content, PDF_UPLOAD_MAX_BYTES);
  if (!payload.ok) {
    return payload.reason === "tooLarge"
      ? refuse("payloadTooLarge", "base64content", `${quoted(name)} is over ${PDF_UPLOAD_MAX_BYTES} bytes`, 413)
      : refuse("pdfTips", "base64content", `${quoted(name)} is not valid base64`);
  }
  if ((payload.prefixMime !== undefined && payload.prefixMime !== "application/pdf") || !looksLikePdf(payload.bytes)) {
    return refuse("pdfTips", "base64content", `${quoted(name)} is not a PDF`);
  }
  return {
    ok: true,
    value: { name, bytes: new Uint8Array(payload.bytes.buffer, payload.bytes.byteOffset, payload.bytes.length) },
  };
}
