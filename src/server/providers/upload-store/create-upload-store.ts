import { createLocalUploadStore } from "./local-upload-store.ts";
import { createS3UploadStore, type S3Options } from "./s3-upload-store.ts";
import type { UploadStore } from "./upload-store.ts";

export interface UploadStoreSettings {
  /** the embedded default's directory */
  dir: string;
  s3: S3Options | undefined;
}

export function createUploadStore(settings: UploadStoreSettings): UploadStore {
  return settings.s3 ? createS3UploadStore(settings.s3) : createLocalUploadStore(settings.dir);
}
