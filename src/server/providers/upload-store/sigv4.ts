import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for S3 requests with a signed payload hash, in the header form
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** "s3" for object storage */
  service: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** headers to send and sign besides host, x-amz-date and x-amz-content-sha256 (e.g. content-type, range) */
  headers: Readonly<Record<string, string>>;
  /** hex SHA-256 of the body ("e3b0..." for none) */
  payloadHash: string;
  now: Date;
}

export const sha256Hex = (data: Uint8Array | string): string => createHash("sha256").update(data).digest("hex");

const hmac = (key: Uint8Array | string, data: string): Buffer => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else is %XX (upper case). */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === "/")) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** `20130524T000000Z` */
export const amzDate = (now: Date): string =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function canonicalQuery(params: URLSearchParams): string {
  return [...params.entries()]
    .map(([key, value]) => [uriEncode(key, false), uriEncode(value, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

export interface SignedRequest {
  /** every header to send, authorization included (host is sent by fetch itself, from the URL) */
  headers: Record<string, string>;
  /** for tests: what was signed */
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

/**
 * Signs a request. The URL's path must already be encoded the way it will travel (S3 does not encode it twice).
 */
export function signRequest(request: RequestToSign, credentials: SigningCredentials): SignedRequest {
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    all[name.toLowerCase()] = value.trim().replace(/\s+/g, " ");
  all.host = request.url.host;
  all["x-amz-date"] = date;
  all["x-amz-content-sha256"] = request.payloadHash;
  const names = Object.keys(all).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || "/",
    canonicalQuery(request.url.searchParams),
    names.map((name) => `${name}:${all[name]}\n`).join(""),
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    "aws4_request",
  );
  const signature = createHmac("sha256", key).update(stringToSign).digest("hex");
  const { host: _host, ...toSend } = all;
  return {
    headers: {
      ...toSend,
      authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`,
    },
    canonicalRequest,
    stringToSign,
    signature,
  };
}
