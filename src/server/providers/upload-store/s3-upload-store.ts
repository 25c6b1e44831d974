import { UpstreamError } from "../upstream/upstream.ts";
import { callUpstream, type UpstreamAnswer } from "../upstream/upstream-call.ts";
import { type S3Credentials, sha256Hex, signS3Request } from "./s3-signing.ts";
import { assertValidKey, type StoredObject, type UploadStore, UploadStoreError } from "./upload-store.ts";

export interface S3Options {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `https://<bucket>.<endpoint host>/<key>` instead of `https://<endpoint host>/<bucket>/<key>` */
  virtualHostedStyle: boolean;
  /** per request; default 15 s */
  timeoutMs?: number;
  /** tests fix the signing time */
  now?: () => Date;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The upload store on an S3-compatible bucket: PUT, GET and DELETE of single objects over plain HTTP, signed with
 * AWS Signature V4 (aws4fetch's signer) and sent through the server's one outbound HTTP client, instead of the AWS
 * SDK's megabytes for three calls.
 */
export function createS3UploadStore(options: S3Options): UploadStore {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const credentials: S3Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());

  const objectUrl = (key: string): URL => {
    assertValidKey(key);
    const url = new URL(endpoint.href);
    // a valid key holds only characters that travel as they are
    if (options.virtualHostedStyle) {
      url.hostname = `${options.bucket}.${endpoint.hostname}`;
      url.pathname = `${basePath}/${key}`;
    } else {
      url.pathname = `${basePath}/${encodeURIComponent(options.bucket)}/${key}`;
    }
    url.search = "";
    return url;
  };

  const send = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, mime?: string) => {
    const url = objectUrl(key);
    const name = `s3 ${method} ${key}`;
    const headers = await signS3Request(
      { method, url, headers: mime ? { "content-type": mime } : {}, payloadHash: sha256Hex(body ?? ""), now: now() },
      credentials,
    );
    try {
      // a copy on its own ArrayBuffer, as fetch wants it
      return await callUpstream(name, url, {
        method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        timeoutMs,
      });
    } catch (error) {
      throw new UploadStoreError(error instanceof UpstreamError ? error.message : name, { cause: error });
    }
  };

  const failure = (method: string, key: string, response: UpstreamAnswer) =>
    new UploadStoreError(`s3 ${method} ${key}: HTTP ${response.status} ${response.text().slice(0, 300)}`);

  return {
    kind: "s3",
    async put(key, bytes, mime) {
      const response = await send("PUT", key, bytes, mime);
      if (!response.ok) throw failure("PUT", key, response);
    },
    async get(key): Promise<StoredObject | undefined> {
      const response = await send("GET", key);
      if (response.status === 404) return undefined;
      if (!response.ok) throw failure("GET", key, response);
      return { bytes: response.bytes, mime: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the key existed; some compatible stores answer 404 for a missing key
      if (!response.ok && response.status !== 404) throw failure("DELETE", key, response);
    },
  };
}
