import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { CHAT_UPLOAD_PATH_PREFIX } from "../../../../contract/chat.ts";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";
import type { Database } from "../../../db/client.ts";
import { chatUploads } from "../../../db/schema.ts";
import type { Logger } from "../../../logger.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { StoredObject, UploadStore } from "../../../providers/upload-store/upload-store.ts";
import type { Checked } from "./upload-checks.ts";
import { type UploadPool, UploadPoolBusyError, UploadTimeoutError } from "./upload-pool.ts";
import { insertWithinQuota, storageQuotaOf, storageUsed, type UploadRow } from "./upload-quota.ts";

/** Characters of a PDF's text kept for the model (about 50k tokens); the rest is cut. */
export const PDF_TEXT_MAX_CHARS = 200_000;
/** Pages of a PDF whose text is read; later pages are left out (the text is cut at PDF_TEXT_MAX_CHARS anyway). */
export const PDF_MAX_PAGES = 500;
/** Time limit of reading one upload in a worker, waiting for a free worker included. */
export const UPLOAD_READ_TIMEOUT_MS = 20_000;

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

export interface UploadsDeps {
  db: Database;
  store: UploadStore;
  logger: Logger;
  clock: Clock;
  /** the worker threads that read upload bodies */
  pool: UploadPool;
  readTimeoutMs?: number;
}

const storageFull = (owner: string) =>
  new ApiError(
    ErrorCode.RequestFailed,
    "uploadStorageFull",
    413,
    [],
    `the uploads would take over ${storageQuotaOf(owner)} bytes of storage`,
  );

/**
 * Chat uploads (spec §2 upload menu, §5 limits): images (png/jpeg, at most 5 of at most 10485760 bytes each) are
 * stored and served back by an unguessable id; a PDF's text is extracted and kept for the model's context. An
 * owner is a quota subject (`u:<user id>` or `v:<visitor id>`).
 */
export function createUploadsService(deps: UploadsDeps) {
  const { db, store, logger, clock, pool } = deps;

  /** Refuses at once an owner already at the quota, before any work is spent on the body. */
  async function assertRoomLeft(owner: string): Promise<void> {
    if ((await storageUsed(db, owner)) >= storageQuotaOf(owner)) throw storageFull(owner);
  }

  /** Runs a body's checks in a worker; a refusal becomes the error envelope the client is told. */
  async function inWorker<T>(name: string, work: () => Promise<Checked<T>>): Promise<T> {
    let checked: Checked<T>;
    try {
      checked = await work();
    } catch (error) {
      if (error instanceof UploadTimeoutError) {
        logger.info({ err: error }, `${name} upload over its time limit refused`);
        throw new ApiError(ErrorCode.RequestFailed, "updataError", 422, [], "reading the upload took too long");
      }
      if (error instanceof UploadPoolBusyError) {
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 503, [], "too many uploads at once");
      }
      throw error;
    }
    if (!checked.ok) {
      const { key, status, issues, message } = checked.refusal;
      throw new ApiError(ErrorCode.RequestFailed, key, status, issues, message);
    }
    return checked.value;
  }

  /** Stores the bytes, then records the rows within the owner's quota; nothing is kept when either fails. */
  async function keep(owner: string, files: readonly (UploadRow & { bytes: Uint8Array })[]): Promise<void> {
    const stored: string[] = [];
    try {
      for (const file of files) {
        await storeOrFail(file.storageKey, file.bytes, file.mime);
        stored.push(file.storageKey);
      }
      const rows = files.map(({ bytes: _bytes, ...row }) => row);
      if (!(await insertWithinQuota(db, owner, rows))) throw storageFull(owner);
    } catch (error) {
      await forget(stored);
      throw error;
    }
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
    /** Checks an image upload's JSON body, stores the images and answers their paths in the order given. */
    async saveImages(owner: string, body: Uint8Array): Promise<{ files_url: string[] }> {
      await assertRoomLeft(owner);
      const images = await inWorker("image", () => pool.readImages(body));
      const now = clock.now();
      const files = images.map((image) => {
        const id = newUploadId();
        return {
          id,
          owner,
          kind: "image" as const,
          name: image.name,
          mime: image.mime,
          size: image.bytes.byteLength,
          storageKey: `images/${id}`,
          createdAt: now,
          bytes: image.bytes,
        };
      });
      await keep(owner, files);
      return { files_url: files.map((file) => imagePath(file.id)) };
    },

    /** Checks a PDF upload's JSON body, reads the PDF's text and stores both. */
    async savePdf(owner: string, body: Uint8Array): Promise<PdfUploaded> {
      await assertRoomLeft(owner);
      const pdf = await inWorker("PDF", () =>
        pool.readPdf(body, {
          maxChars: PDF_TEXT_MAX_CHARS,
          maxPages: PDF_MAX_PAGES,
          timeoutMs: deps.readTimeoutMs ?? UPLOAD_READ_TIMEOUT_MS,
        }),
      );
      const id = newUploadId();
      const size = pdf.bytes.byteLength;
      await keep(owner, [
        {
          id,
          owner,
          kind: "pdf",
          name: pdf.name,
          mime: "application/pdf",
          size,
          storageKey: `pdf/${id}`,
          text: pdf.text,
          pages: pdf.pages,
          createdAt: clock.now(),
          bytes: pdf.bytes,
        },
      ]);
      return { fileId: id, name: pdf.name, size, pages: pdf.pages, chars: pdf.text.length };
    },

    image,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
