import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sha256Hex } from "./s3-signing.ts";
import { S3_STAND_IN_CREDENTIALS, type S3StandIn, startS3StandIn } from "./s3-stand-in.ts";
import { createS3UploadStore, type S3Options } from "./s3-upload-store.ts";
import { UploadStoreError } from "./upload-store.ts";

let s3: S3StandIn;
const options = (): S3Options => ({
  endpoint: s3.url,
  bucket: "chat-uploads",
  ...S3_STAND_IN_CREDENTIALS,
  virtualHostedStyle: false,
  timeoutMs: 1_000,
});

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.fail(undefined);
  s3.seen.length = 0;
});

describe("S3 upload store against a loopback stand-in", () => {
  it("puts, gets and deletes an object with signed requests, path-style", async () => {
    const store = createS3UploadStore(options());
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put("images/abc_DEF-1", bytes, "image/png");
    expect(s3.objects.get("/chat-uploads/images/abc_DEF-1")).toEqual({ bytes: Buffer.from(bytes), mime: "image/png" });
    const put = s3.seen[0];
    expect(put?.method).toBe("PUT");
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=TESTKEY\/\d{8}\/eu-test-1\/s3\/aws4_request/,
    );
    expect(put?.headers.authorization).toContain("SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,");
    expect(put?.headers["x-amz-content-sha256"]).toBe(sha256Hex(bytes));

    const got = await store.get("images/abc_DEF-1");
    expect(got?.mime).toBe("image/png");
    expect(Buffer.from(got?.bytes ?? [])).toEqual(Buffer.from(bytes));

    await store.delete("images/abc_DEF-1");
    expect(s3.objects.size).toBe(0);
    expect(await store.get("images/abc_DEF-1")).toBeUndefined();
    // deleting again is not an error
    await store.delete("images/abc_DEF-1");
  });

  it("keeps an endpoint's base path", async () => {
    const store = createS3UploadStore({ ...options(), endpoint: `${s3.url}/storage/` });
    await store.put("pdf/x1", new Uint8Array([1]), "application/pdf");
    expect([...s3.objects.keys()]).toContain("/storage/chat-uploads/pdf/x1");
  });

  it("fails with UploadStoreError when the bucket refuses the signature", async () => {
    const store = createS3UploadStore({ ...options(), secretAccessKey: "wrong" });
    await expect(store.put("images/k", new Uint8Array([1]), "image/png")).rejects.toThrow(
      /HTTP 403.*SignatureDoesNotMatch/,
    );
    await expect(store.get("images/k")).rejects.toBeInstanceOf(UploadStoreError);
  });

  it("fails on server errors and timeouts instead of answering wrong data", async () => {
    const store = createS3UploadStore({ ...options(), timeoutMs: 300 });
    s3.fail(() => ({ status: 500 }));
    await expect(store.get("images/k")).rejects.toThrow(/HTTP 500/);
    s3.fail(() => ({ status: 0, hang: true }));
    await expect(store.put("images/k", new Uint8Array([1]), "image/png")).rejects.toBeInstanceOf(UploadStoreError);
  });

  it("refuses keys that could escape the bucket's prefix", async () => {
    const store = createS3UploadStore(options());
    for (const key of ["../x", "a/../../b", "", "/abs", "a//b", "a b"]) {
      await expect(store.get(key)).rejects.toBeInstanceOf(UploadStoreError);
    }
    expect(s3.seen).toHaveLength(0);
  });
});
