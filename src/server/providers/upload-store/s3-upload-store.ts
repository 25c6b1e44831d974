import { type SigningCredentials, sha256Hex, signRequest, uriEncode } from "./sigv4.ts";
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
 * AWS Signature V4 (node:crypto), instead of the AWS SDK's megabytes for three calls.
 */
export function createS3UploadStore(options: S3Options): UploadStore {
  const endpoint = new URL(options.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, "");
  const credentials: SigningCredentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());

  const objectUrl = (key: string): URL => {
    assertValidKey(key);
    const url = new URL(endpoint.href);
    const encodedKey = uriEncode(key, true);
    if (options.virtualHostedStyle) {
      url.hostname = `${options.bucket}.${endpoint.hostname}`;
      url.pathname = `${basePath}/${encodedKey}`;
    } else {
      url.pathname = `${basePath}/${uriEncode(options.bucket, false)}/${encodedKey}`;
    }
    url.search = "";
    return url;
  };

  const send = async (method: "PUT" | "GET" | "DELETE", key: string, body?: Uint8Array, mime?: string) => {
    const url = objectUrl(key);
    const signed = signRequest(
      {
        method,
        url,
        headers: mime ? { "content-type": mime } : {},
        payloadHash: sha256Hex(body ?? ""),
        now: now(),
      },
      credentials,
    );
    try {
      return await fetch(url, {
        method,
        headers: signed.headers,
        // a copy on its own ArrayBuffer, as fetch wants it
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new UploadStoreError(`s3 ${method} ${key}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };

  const failure = async (method: string, key: string, response: Response) => {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    return new UploadStoreError(`s3 ${method} ${key}: HTTP ${response.status} ${detail}`);
  };

  return {
    kind: "s3",
    async put(key, bytes, mime) {
      const response = await send("PUT", key, bytes, mime);
      if (!response.ok) throw await failure("PUT", key, response);
      await response.body?.cancel();
    },
    async get(key): Promise<StoredObject | undefined> {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure("GET", key, response);
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { bytes, mime: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 whether or not the key existed; some compatible stores answer 404 for a missing key
      if (!response.ok && response.status !== 404) throw await failure("DELETE", key, response);
      await response.body?.cancel();
    },
  };
}
