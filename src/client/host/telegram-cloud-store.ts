import { cloudStorage } from "@telegram-apps/sdk-react";
import type { CloudStore } from "./cloud-cached-storage.ts";

/** Telegram CloudStorage (Mini Apps 6.9+) behind the CloudStore shape; unavailable on older clients. */
export function createTelegramCloudStore(): CloudStore {
  return {
    available: cloudStorage.getKeys.isAvailable(),
    async getAll() {
      const keys = await cloudStorage.getKeys();
      return keys.length > 0 ? await cloudStorage.getItem(keys) : {};
    },
    async set(key, value) {
      await cloudStorage.setItem(key, value);
    },
    async remove(key) {
      await cloudStorage.deleteItem(key);
    },
  };
}
