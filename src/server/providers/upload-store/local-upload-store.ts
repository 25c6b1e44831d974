import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertValidKey, type StoredObject, type UploadStore, UploadStoreError } from "./upload-store.ts";

const MIME_SUFFIX = ".mime";

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/**
 * The embedded upload store: each object is a file under `dir` (its key as the relative path) with its MIME type
 * beside it in `<file>.mime`. Files are written to a temporary name and renamed, so a reader never sees half a file.
 */
export function createLocalUploadStore(dir: string): UploadStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  const writeAtomically = async (file: string, data: Uint8Array | string) => {
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  };

  return {
    kind: "local",
    async put(key, bytes, mime) {
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeAtomically(`${file}${MIME_SUFFIX}`, mime);
        await writeAtomically(file, bytes);
      } catch (error) {
        throw new UploadStoreError(`could not write ${key}`, { cause: error });
      }
    },
    async get(key): Promise<StoredObject | undefined> {
      const file = fileOf(key);
      try {
        const [bytes, mime] = await Promise.all([readFile(file), readFile(`${file}${MIME_SUFFIX}`, "utf8")]);
        return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), mime: mime.trim() };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw new UploadStoreError(`could not read ${key}`, { cause: error });
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
        await rm(`${file}${MIME_SUFFIX}`, { force: true });
      } catch (error) {
        throw new UploadStoreError(`could not delete ${key}`, { cause: error });
      }
    },
  };
}
