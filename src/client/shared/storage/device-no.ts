import { DEVICE_NO_PATTERN } from "../../../contract/constants.ts";
import { readItem, writeItem } from "./local-storage.ts";
import { StorageKeys } from "./storage-keys.ts";

let cached: string | undefined;

/** 32 hex characters. getRandomValues works outside secure contexts, unlike crypto.randomUUID. */
function createDeviceNo(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The device number every request carries: created once, then read back from storage. */
export function getDeviceNo(): string {
  if (cached !== undefined) return cached;
  const stored = readItem(StorageKeys.deviceNo);
  if (stored !== null && DEVICE_NO_PATTERN.test(stored)) {
    cached = stored;
    return stored;
  }
  const created = createDeviceNo();
  writeItem(StorageKeys.deviceNo, created);
  cached = created;
  return created;
}

/** Tests only: forget the in-memory copy so the next call reads storage again. */
export function resetDeviceNoCache(): void {
  cached = undefined;
}
