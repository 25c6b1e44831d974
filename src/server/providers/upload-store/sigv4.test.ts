import { describe, expect, it } from "vitest";
import { amzDate, sha256Hex, signRequest, uriEncode } from "./sigv4.ts";

// The worked examples of Amazon's "Signature Calculations for the Authorization Header" (S3 API reference).
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
  service: "s3",
};
const now = new Date("2013-05-24T00:00:00Z");

describe("AWS Signature V4", () => {
  it("signs Amazon's GET Object example to its published signature", () => {
    const signed = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: sha256Hex(""),
        now,
      },
      credentials,
    );
    expect(signed.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    expect(signed.headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(signed.headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(signed.headers.host).toBeUndefined();
  });

  it("signs Amazon's PUT Object example (encoded key, payload hash) to its published signature", () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256Hex(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const signed = signRequest(
      {
        method: "PUT",
        url: new URL(`https://examplebucket.s3.amazonaws.com/${uriEncode("test$file.text", true)}`),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256Hex(body),
        now,
      },
      credentials,
    );
    expect(signed.signature).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("encodes keys the way S3 expects", () => {
    expect(uriEncode("a b/c~d$é", true)).toBe("a%20b/c~d%24%C3%A9");
    expect(uriEncode("a/b", false)).toBe("a%2Fb");
    expect(amzDate(new Date("2024-01-02T03:04:05.678Z"))).toBe("20240102T030405Z");
  });
});
