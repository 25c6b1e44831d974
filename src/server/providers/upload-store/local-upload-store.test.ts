import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createUploadStore } from "./create-upload-store.ts";
import { createLocalUploadStore } from "./local-upload-store.ts";
import { UploadStoreError } from "./upload-store.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ml-uploads-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("local upload store (the embedded default)", () => {
  it("keeps bytes and their MIME type by key, and forgets them on delete", async () => {
    const store = createLocalUploadStore(dir);
    await store.put("images/a1", new Uint8Array([1, 2, 3]), "image/jpeg");
    const got = await store.get("images/a1");
    expect(got?.mime).toBe("image/jpeg");
    expect([...(got?.bytes ?? [])]).toEqual([1, 2, 3]);
    // no temporary files left behind
    expect((await readdir(path.join(dir, "images"))).sort()).toEqual(["a1", "a1.mime"]);
    await store.delete("images/a1");
    expect(await store.get("images/a1")).toBeUndefined();
    await store.delete("images/a1");
  });

  it("answers undefined for a key never stored and refuses keys outside its directory", async () => {
    const store = createLocalUploadStore(dir);
    expect(await store.get("images/never")).toBeUndefined();
    await expect(store.put("../escape", new Uint8Array([1]), "image/png")).rejects.toBeInstanceOf(UploadStoreError);
    await expect(store.get("images/../../etc/passwd")).rejects.toBeInstanceOf(UploadStoreError);
  });
});

describe("upload settings", () => {
  it("default to a directory under DATA_DIR and the local store", () => {
    const config = loadConfig({ DATA_DIR: "/srv/ml" });
    expect(config.uploads).toEqual({ dir: "/srv/ml/uploads", s3: undefined });
    expect(createUploadStore(config.uploads).kind).toBe("local");
    expect(loadConfig({ UPLOAD_DIR: "/mnt/up" }).uploads.dir).toBe("/mnt/up");
  });

  it("switch to S3 when the endpoint, bucket and keys are all set, and name what is missing otherwise", () => {
    const s3 = {
      S3_ENDPOINT: "https://s3.example",
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    };
    const config = loadConfig(s3);
    expect(config.uploads.s3).toEqual({
      endpoint: "https://s3.example",
      bucket: "b",
      accessKeyId: "k",
      secretAccessKey: "s",
      region: "us-east-1",
      virtualHostedStyle: false,
    });
    expect(createUploadStore(config.uploads).kind).toBe("s3");
    expect(() => loadConfig({ S3_ENDPOINT: "https://s3.example", S3_BUCKET: "b" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });
});
