import { describe, expect, it, vi } from "vitest";
import { type CloudStore, createCloudCachedStorage } from "./cloud-cached-storage.ts";
import { createLocalStore } from "./safe-local-storage.ts";

function fakeCloud(values: Record<string, string>, overrides: Partial<CloudStore> = {}): CloudStore {
  return {
    available: true,
    getAll: async () => ({ ...values }),
    set: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe("cloud-cached storage", () => {
  it("keeps serving the cache when the cloud cannot be read or written", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    localStorage.setItem("lang", "en");
    const storage = createCloudCachedStorage(
      createLocalStore(window),
      fakeCloud({}, { getAll: () => Promise.reject(new Error("offline")), set: () => Promise.reject(new Error("x")) }),
    );
    await expect(storage.ready).resolves.toBeUndefined();
    expect(storage.get("lang")).toBe("en");
    expect(() => storage.set("lang", "zh-CN")).not.toThrow();
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(2));
    expect(storage.get("lang")).toBe("zh-CN");
    logged.mockRestore();
  });

  it("keeps keys and values the cloud cannot take on this device", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const cloud = fakeCloud({});
    const storage = createCloudCachedStorage(createLocalStore(window), cloud);
    storage.set("swap.tokens", "[]");
    storage.set("chatList", "x".repeat(5000));
    storage.set("lang", "ko");
    expect(storage.get("swap.tokens")).toBe("[]");
    expect(storage.get("chatList")).toHaveLength(5000);
    expect(cloud.set).toHaveBeenCalledTimes(1);
    expect(cloud.set).toHaveBeenCalledWith("lang", "ko");
    expect(warned).toHaveBeenCalledTimes(2);
    warned.mockRestore();
  });

  it("neither touches nor waits for a cloud that is not there", async () => {
    const cloud = fakeCloud({ lang: "zh-CN" }, { available: false });
    const storage = createCloudCachedStorage(createLocalStore(window), cloud);
    storage.set("lang", "en");
    await storage.ready;
    expect(storage.get("lang")).toBe("en");
    expect(cloud.set).not.toHaveBeenCalled();
  });
});
