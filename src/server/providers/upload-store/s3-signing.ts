import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";

/**
 * AWS Signature Version 4 for S3 requests in the header form, with the payload's hash signed (no
 * UNSIGNED-PAYLOAD), on aws4fetch's signer. Every header given is signed (content-type included), so a
 * bucket refuses a request whose type was changed on the way.
 */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3RequestToSign {
  method: string;
  /** the path as it travels (S3 keys are signed as sent, not encoded twice) */
  url: URL;
  /** headers to send and sign besides host, x-amz-date and x-amz-content-sha256 (e.g. content-type, range) */
  headers: Readonly<Record<string, string>>;
  /** hex SHA-256 of the body (sha256Hex("") for none) */
  payloadHash: string;
  now: Date;
}

export const sha256Hex = (data: Uint8Array | string): string => createHash("sha256").update(data).digest("hex");

/** `20130524T000000Z` */
export const amzDate = (now: Date): string => now.toISOString().replace(/[:-]|\.\d{3}/g, "");

/** The headers to send: the request's own, x-amz-date, x-amz-content-sha256 and authorization (host comes from the URL). */
export async function signS3Request(request: S3RequestToSign, credentials: S3Credentials): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url.href,
    headers: { ...request.headers, "x-amz-content-sha256": request.payloadHash },
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    service: "s3",
    region: credentials.region,
    datetime: amzDate(request.now),
    allHeaders: true,
  });
  return (await signer.sign()).headers;
}
