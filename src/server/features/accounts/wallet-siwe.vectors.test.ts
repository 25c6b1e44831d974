import { readFileSync } from "node:fs";
import { createSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkSiweFields,
  readSiweMessage,
  type SiweExpectations,
  type SiweFailure,
  verifySiweMessage,
} from "./wallet-siwe.ts";

/**
 * Every vector of vectors/siwe_eip4361.json (spruceid/siwe's test suite and viem's, see vectors/PROVENANCE.md),
 * each with its expected outcome. Verification vectors are checked as spruceid's verify() is given them: the
 * domain (or `domainBinding`), `matchNonce` and `time`; one without a time is checked at a fixed instant inside
 * its window, as spruceid checks it at "now". Our issuedAt-in-the-future rule is not EIP-4361's and is off here.
 */

const fieldsSchema = z.record(z.string(), z.unknown());
const verificationSchema = z.object({
  name: z.string(),
  fields: fieldsSchema,
  verify_options: z.object({
    time: z.string().optional(),
    domainBinding: z.string().optional(),
    matchNonce: z.string().optional(),
  }),
  expected_valid: z.boolean(),
  message: z.string(),
});
const vectorsSchema = z.object({
  verification_positive: z.array(verificationSchema),
  verification_negative: z.array(verificationSchema),
  eip1271_contract_wallets: z.array(
    z.object({ name: z.string(), message: z.string(), signature: z.string(), expected_valid: z.string() }),
  ),
  viem_createSiweMessage: z.array(
    z.object({
      input: z.object({
        address: z.string(),
        chainId: z.number(),
        domain: z.string(),
        nonce: z.string(),
        uri: z.string(),
        version: z.literal("1"),
        "issuedAt(system time)": z.string(),
      }),
      expected_message: z.string(),
    }),
  ),
  parsing_positive: z.array(z.object({ name: z.string(), message: z.string(), fields: fieldsSchema })),
  parsing_negative: z.record(z.string(), z.string()),
  parsing_negative_objects: z.record(z.string(), fieldsSchema),
});

const vectors = vectorsSchema.parse(
  JSON.parse(readFileSync(new URL("./vectors/siwe_eip4361.json", import.meta.url), "utf8")),
);

/** "now" for vectors that name no time: a fixed instant, inside the window of every vector meant to pass. */
const VERIFIED_AT = new Date("2026-11-25T00:00:00.000Z");

/** Why each negative verification vector fails (the file says only that it does). */
const negativeReasons: Record<string, SiweFailure> = {
  "expired message": "expired",
  "domain binding": "domain",
  "custom time": "expired",
  "custom nonce": "nonce",
  "malformed signature": "signature",
  "wrong signature": "signature",
  "not yet valid": "notYetValid",
  "invalid issuedAt": "timestamp",
  "invalid notBefore": "timestamp",
  "invalid expirationTime": "timestamp",
};

/** Why each negative parsing vector fails: its layout, or the field it breaks. */
const parsingReasons: Record<string, SiweFailure> = {
  "missing domain": "malformed",
  "missing address": "address",
  "missing uri": "malformed",
  "missing version": "malformed",
  "missing chainId": "malformed",
  "missing nonce": "malformed",
  "missing issuedAt": "malformed",
  "out of order uri": "malformed",
  "out of order version": "malformed",
  "out of order chainId": "malformed",
  "out of order nonce": "malformed",
  "out of order issuedAt": "malformed",
  "out of order expirationTime": "malformed",
  "out of order notBefore": "malformed",
  "out of order requestId": "malformed",
  "out of order resources": "malformed",
  "domain not RFC4501 authority": "domain",
  "address not EIP-55": "address",
  "statement has line break": "malformed",
  "uri is non-RFC 3986": "uri",
  "version not 1": "version",
  "not a valid chainId": "chainId",
  "nonce with less then 8 chars": "nonce",
  "non-ISO 8601 issuedAt": "timestamp",
  "non-ISO 8601 expirationTime": "timestamp",
  "non-ISO 8601 notBefore": "timestamp",
  "resources not separated by line break": "resources",
  "first resource not-RFC 3986": "resources",
  "second resource is not-RFC3986": "resources",
};

const objectReasons: Record<string, SiweFailure> = {
  "missing domain": "domain",
  "missing address": "address",
  "missing uri": "uri",
  "missing version": "version",
  "missing chainId": "chainId",
  "missing nonce": "nonce",
  "missing issuedAt": "timestamp",
  "domain not RFC4501 authority": "domain",
  "address not EIP-55": "address",
  "uri is non-RFC 3986": "uri",
  "version not 1": "version",
  "not a valid chainId": "chainId",
  "nonce with less then 8 chars": "nonce",
  "non-ISO 8601 issuedAt": "timestamp",
  "non-ISO 8601 expirationTime": "timestamp",
  "non-ISO 8601 notBefore": "timestamp",
  "first resource not-RFC 3986": "resources",
  "second resource is not-RFC3986": "resources",
};

/**
 * An object vector as text, the way siwe's toMessage() lays it out (scheme, statement and the optional lines
 * only when present). A missing required field leaves its line out: toMessage() would make up a nonce and an
 * issue time, which would hide what the vector tests.
 */
function render(fields: Record<string, unknown>): string {
  const text = (key: string) => (fields[key] === undefined ? undefined : String(fields[key]));
  const line = (label: string, key: string) => (text(key) === undefined ? [] : [`${label}: ${text(key)}`]);
  const origin = text("scheme") ? `${text("scheme")}://${text("domain") ?? ""}` : (text("domain") ?? "");
  const head = `${origin} wants you to sign in with your Ethereum account:\n${text("address") ?? ""}\n\n${
    text("statement") === undefined ? "" : `${text("statement")}\n`
  }`;
  const resources = Array.isArray(fields.resources) ? ["Resources:", ...fields.resources.map((r) => `- ${r}`)] : [];
  const tail = [
    ...line("URI", "uri"),
    ...line("Version", "version"),
    ...line("Chain ID", "chainId"),
    ...line("Nonce", "nonce"),
    ...line("Issued At", "issuedAt"),
    ...line("Expiration Time", "expirationTime"),
    ...line("Not Before", "notBefore"),
    ...line("Request ID", "requestId"),
    ...resources,
  ];
  return `${head}\n${tail.join("\n")}`;
}

function expectations(vector: z.infer<typeof verificationSchema>): SiweExpectations {
  const bound = (vector.verify_options.domainBinding ?? String(vector.fields.domain)).toLowerCase();
  return {
    site: (domain) => (domain.toLowerCase() === bound ? { origin: undefined } : undefined),
    nonce: vector.verify_options.matchNonce,
    time: vector.verify_options.time ? new Date(vector.verify_options.time) : VERIFIED_AT,
    issuedAtSkewMs: null,
  };
}

describe("the SIWE vectors file", () => {
  it("holds 66 parsing vectors and 16 verification vectors, and every one has an expected outcome here", () => {
    const parsing =
      vectors.parsing_positive.length +
      Object.keys(vectors.parsing_negative).length +
      Object.keys(vectors.parsing_negative_objects).length;
    expect(parsing).toBe(66);
    const verification =
      vectors.verification_positive.length +
      vectors.verification_negative.length +
      vectors.eip1271_contract_wallets.length;
    expect(verification).toBe(16);
    expect(Object.keys(negativeReasons).sort()).toEqual(vectors.verification_negative.map((v) => v.name).sort());
    expect(Object.keys(parsingReasons).sort()).toEqual(Object.keys(vectors.parsing_negative).sort());
    expect(Object.keys(objectReasons).sort()).toEqual(Object.keys(vectors.parsing_negative_objects).sort());
  });
});

describe("SIWE verification vectors (spruceid/siwe)", () => {
  it.each(vectors.verification_positive.map((v) => [v.name, v] as const))("accepts %s", async (_name, vector) => {
    expect(vector.expected_valid).toBe(true);
    const result = await verifySiweMessage(vector.message, String(vector.fields.signature), expectations(vector));
    expect(result).toMatchObject({
      ok: true,
      message: { address: vector.fields.address, domain: vector.fields.domain, signer: "account" },
    });
  });

  it.each(vectors.verification_negative.map((v) => [v.name, negativeReasons[v.name], v] as const))(
    "refuses %s (%s)",
    async (_name, reason, vector) => {
      expect(vector.expected_valid).toBe(false);
      const result = await verifySiweMessage(vector.message, String(vector.fields.signature), expectations(vector));
      expect(result).toMatchObject({ ok: false, reason });
    },
  );

  it.each(vectors.eip1271_contract_wallets.map((v) => [v.name, v] as const))(
    "refuses the contract wallet %s without a node of its chain: its key does not sign for it",
    async (_name, vector) => {
      expect(vector.expected_valid).toMatch(/only via EIP-1271/);
      const read = readSiweMessage(vector.message);
      expect(read.ok).toBe(true);
      const result = await verifySiweMessage(vector.message, vector.signature, {
        site: (domain) => (domain === "localhost:4361" ? { origin: "http://localhost:4361" } : undefined),
        time: new Date("2022-04-19T19:00:00Z"),
        issuedAtSkewMs: null,
      });
      expect(result).toMatchObject({ ok: false, reason: "signature" });
    },
  );
});

describe("viem's createSiweMessage vector", () => {
  it.each(vectors.viem_createSiweMessage.map((v, i) => [i, v] as const))(
    "renders vector %s as expected, and the text reads back to its fields",
    (_i, vector) => {
      const { "issuedAt(system time)": issuedAt, address, ...input } = vector.input;
      const message = createSiweMessage({
        ...input,
        address: address as `0x${string}`,
        issuedAt: new Date(issuedAt),
      });
      expect(message).toBe(vector.expected_message);
      expect(readSiweMessage(message)).toEqual({ ok: true, fields: { ...input, address, issuedAt } });
    },
  );
});

describe("SIWE parsing vectors (spruceid/siwe)", () => {
  it.each(vectors.parsing_positive.map((v) => [v.name, v] as const))("reads %s to its fields", (_name, vector) => {
    // a null field of the vector (scheme) is one the message does not have
    const fields = Object.fromEntries(Object.entries(vector.fields).filter(([, value]) => value !== null));
    expect(readSiweMessage(vector.message)).toEqual({ ok: true, fields });
  });

  it.each(Object.entries(vectors.parsing_negative).map(([name, message]) => [name, parsingReasons[name], message]))(
    "refuses the message %s (%s)",
    (_name, reason, message) => {
      expect(readSiweMessage(String(message))).toMatchObject({ ok: false, reason });
    },
  );

  it.each(
    Object.entries(vectors.parsing_negative_objects).map(([name, fields]) => [name, objectReasons[name], fields]),
  )("refuses the fields %s (%s), as an object and as text", (_name, reason, fields) => {
    const object = fields as Record<string, unknown>;
    expect(checkSiweFields(object)).toMatchObject({ ok: false, reason });
    expect(readSiweMessage(render(object))).toMatchObject({ ok: false });
  });
});
