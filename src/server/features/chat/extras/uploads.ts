import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { CHAT_UPLOAD_PATH_PREFIX, PDF_UPLOAD_MAX_BYTES } from "../../../../contract/chat.ts";
import { Limits } from "../../../../contract/constants.ts";
import { ErrorCode } from "../../../../contract/errors.ts";
import type { MessageKey } from "../../../../contract/message-keys.ts";
import { ApiError } from "../../../api-error.ts";
import type { Database } from "../../../db/client.ts";
import { chatUploads } from "../../../db/schema.ts";
import type { Logger } from "../../../logger.ts";
import type { StoredObject, UploadStore } from "../../../providers/upload-store/upload-store.ts";
import { declaredImageMime, decodeBase64Payload, type ImageMime, looksLikePdf, sniffImage } from "./file-bytes.ts";
import { extractPdfText, PdfUnreadableError } from "./pdf-text.ts";

/** Characters of a PDF's text kept for the model (about 50k tokens); the rest is cut. */
export const PDF_TEXT_MAX_CHARS = 200_000;
const PDF_READ_TIMEOUT_MS = 20_000;

export interface ImageUpload {
  type: string;
  base64content: string;
  name: string;
}

export interface PdfUpload {
  name: string;
  type: string;
  base64content: string;
}

export interface PdfUploaded {
  fileId: string;
  name: string;
  size: number;
  pages: number;
  chars: number;
}

/** Ids of uploads and share codes: 18 random bytes, base64url (24 characters); unguessable, so safe in a URL. */
export const newUploadId = () => randomBytes(18).toString("base64url");

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The path an uploaded image is served at. */
export const imagePath = (id: string) => `${CHAT_UPLOAD_PATH_PREFIX}${id}`;

function fileError(key: MessageKey, field: string, message: string, status: 400 | 413 = 400): ApiError {
  return new ApiError(ErrorCode.RequestFailed, key, status, [{ field, key }], message);
}

const quoted = (name: string) => JSON.stringify(name);

export interface UploadsDeps {
  db: Database;
  store: UploadStore;
  logger: Logger;
}

/**
 * Chat uploads (spec §2 upload menu, §5 limits): images (png/jpeg, at most 5 of at most 10485760 bytes each) are
 * stored and served back by an unguessable id; a PDF's text is extracted and kept for the model's context. An
 * owner is a quota subject (`u:<user id>` or `v:<visitor id>`).
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, store, logger } = deps;

  /** Checks every image before storing any, so an upload is all or nothing. */
  function readImages(images: readonly ImageUpload[]): { bytes: Buffer; mime: ImageMime; name: string }[] {
    if (images.length > Limits.chatImagesMax) {
      throw fileError("imagesNumTip", "image_list", `at most ${Limits.chatImagesMax} images`);
    }
    return images.map((upload, index) => {
      const field = `image_list.${index}`;
      const declared = declaredImageMime(upload.type);
      if (!declared) throw fileError("imgTypeTip", field, `${quoted(upload.name)} is not a png or jpeg image`);
      const payload = decodeBase64Payload(upload.base64content, Limits.chatImageMaxBytes);
      if (!payload.ok) {
        if (payload.reason === "tooLarge") {
          throw fileError(
            "payloadTooLarge",
            field,
            `${quoted(upload.name)} is over ${Limits.chatImageMaxBytes} bytes`,
            413,
          );
        }
        throw fileError("imgTypeTip", field, `${quoted(upload.name)} is not valid base64`);
      }
      const sniffed = sniffImage(payload.bytes);
      const prefixAgrees = payload.prefixMime === undefined || declaredImageMime(payload.prefixMime) === sniffed;
      if (!sniffed || sniffed !== declared || !prefixAgrees) {
        throw fileError("imgTypeTip", field, `${quoted(upload.name)} is not the png or jpeg image it claims to be`);
      }
      return { bytes: payload.bytes, mime: sniffed, name: upload.name };
    });
  }

  async function storeOrFail(key: string, bytes: Uint8Array, mime: string): Promise<void> {
    try {
      await store.put(key, bytes, mime);
    } catch (error) {
      logger.error({ err: error, key }, "upload store failed");
      throw new ApiError(ErrorCode.RequestFailed, "updataError", 503, [], "the upload could not be stored");
    }
  }

  async function forget(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map((key) => store.delete(key).catch((error) => logger.warn({ err: error, key }, "upload cleanup failed"))),
    );
  }

  /** An uploaded image by id, for serving (public to whoever holds the unguessable id). */
  async function image(id: string): Promise<StoredObject | undefined> {
    if (!UPLOAD_ID.test(id)) return undefined;
    const [row] = await db
      .select({ storageKey: chatUploads.storageKey, mime: chatUploads.mime })
      .from(chatUploads)
      .where(and(eq(chatUploads.id, id), eq(chatUploads.kind, "image")))
      .limit(1);
    if (!row) return undefined;
    const object = await store.get(row.storageKey);
    return object ? { bytes: object.bytes, mime: row.mime } : undefined;
  }

  return {
    /** Stores the images and answers their paths in the order given. */
    async saveImages(owner: string, images: readonly ImageUpload[]): Promise<{ files_url: string[] }> {
      const checked = readImages(images);
      const rows = checked.map((file) => {
        const id = newUploadId();
        return {
          id,
          owner,
          kind: "image" as const,
          name: file.name,
          mime: file.mime,
          size: file.bytes.length,
          storageKey: `images/${id}`,
          bytes: file.bytes,
        };
      });
      const stored: string[] = [];
      try {
        for (const row of rows) {
          await storeOrFail(row.storageKey, row.bytes, row.mime);
          stored.push(row.storageKey);
        }
        await db.insert(chatUploads).values(rows.map(({ bytes: _bytes, ...row }) => row));
      } catch (error) {
        await forget(stored);
        throw error;
      }
      return { files_url: rows.map((row) => imagePath(row.id)) };
    },

    /** Stores a PDF (application/pdf, at most PDF_UPLOAD_MAX_BYTES) with its extracted text. */
    async savePdf(owner: string, upload: PdfUpload): Promise<PdfUploaded> {
      const name = upload.name;
      if (upload.type.trim().toLowerCase() !== "application/pdf") {
        throw fileError("pdfTips", "type", `${quoted(name)} is not application/pdf`);
      }
      const payload = decodeBase64Payload(upload.base64content, PDF_UPLOAD_MAX_BYTES);
      if (!payload.ok) {
        if (payload.reason === "tooLarge") {
          throw fileError(
            "payloadTooLarge",
            "base64content",
            `${quoted(name)} is over ${PDF_UPLOAD_MAX_BYTES} bytes`,
            413,
          );
        }
        throw fileError("pdfTips", "base64content", `${quoted(name)} is not valid base64`);
      }
      if (
        (payload.prefixMime !== undefined && payload.prefixMime !== "application/pdf") ||
        !looksLikePdf(payload.bytes)
      ) {
        throw fileError("pdfTips", "base64content", `${quoted(name)} is not a PDF`);
      }
      let extracted: Awaited<ReturnType<typeof extractPdfText>>;
      try {
        extracted = await extractPdfText(payload.bytes, {
          maxChars: PDF_TEXT_MAX_CHARS,
          timeoutMs: PDF_READ_TIMEOUT_MS,
        });
      } catch (error) {
        if (!(error instanceof PdfUnreadableError)) throw error;
        logger.info({ err: error, name }, "unreadable PDF refused");
        throw fileError("pdfTips", "base64content", `${quoted(name)} could not be read as a PDF`);
      }
      const id = newUploadId();
      const storageKey = `pdf/${id}`;
      await storeOrFail(storageKey, payload.bytes, "application/pdf");
      try {
        await db.insert(chatUploads).values({
          id,
          owner,
          kind: "pdf",
          name,
          mime: "application/pdf",
          size: payload.bytes.length,
          storageKey,
          text: extracted.text,
          pages: extracted.pages,
        });
      } catch (error) {
        await forget([storageKey]);
        throw error;
      }
      return { fileId: id, name, size: payload.bytes.length, pages: extracted.pages, chars: extracted.text.length };
    },

    image,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
