/**
 * The upload storage port: bytes of chat uploads by key. The embedded default keeps them in a local directory;
 * with S3 settings they go to an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), so several API nodes
 * share them.
 */
export interface UploadStore {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** undefined when there is no object under the key */
  get(key: string): Promise<StoredObject | undefined>;
  /** removing a key that does not exist is not an error */
  delete(key: string): Promise<void>;
}

export interface StoredObject {
  bytes: Uint8Array;
  mime: string;
}

/** A failure of the storage itself (disk, network, the bucket's answer), never a missing key. */
export class UploadStoreError extends Error {
  override name = "UploadStoreError";
}

/** Keys are paths of safe characters, e.g. `images/Ab3_x9`: no empty, `.` or `..` segments. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new UploadStoreError(`invalid upload key: ${JSON.stringify(key)}`);
  }
}
