import { describe, expect, it } from "vitest";
import { amzDate, sha256Hex, signS3Request } from "./s3-signing.ts";

// The worked examples of Amazon's "Signature Calculations for the Authorization Header" (S3 API reference).
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const now = new Date("2013-05-24T00:00:00Z");
const signatureOf = (headers: Headers) => /Signature=([0-9a-f]{64})$/.exec(headers.get("authorization") ?? "")?.[1];

describe("S3 request signing", () => {
  it("signs Amazon's GET Object example to its published signature", async () => {
    const headers = await signS3Request(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: sha256Hex(""),
        now,
      },
      credentials,
    );
    expect(headers.get("authorization")).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request, ?SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ?Signature=/,
    );
    expect(signatureOf(headers)).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    expect(headers.get("x-amz-date")).toBe("20130524T000000Z");
    expect(headers.get("x-amz-content-sha256")).toBe(sha256Hex(""));
    expect(headers.has("host")).toBe(false);
  });

  it("signs Amazon's PUT Object example (encoded key, payload hash) to its published signature", async () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256Hex(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = await signS3Request(
      {
        method: "PUT",
        url: new URL("https://examplebucket.s3.amazonaws.com/test%24file.text"),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256Hex(body),
        now,
      },
      credentials,
    );
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("writes the signing time in the basic ISO 8601 form", () => {
    expect(amzDate(new Date("2024-01-02T03:04:05.678Z"))).toBe("20240102T030405Z");
  });
});
