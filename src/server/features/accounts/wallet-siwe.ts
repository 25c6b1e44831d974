import { type Address, isAddress, isAddressEqual, recoverMessageAddress } from "viem";
import { parseSiweMessage } from "viem/siwe";

/**
 * Sign-In with Ethereum (EIP-4361) checks of one signed message, with the time injected so the public test
 * vectors (all old) can be checked at the time they were written for.
 *
 * Only externally owned accounts are verified: the EIP-191 signature must recover to the message's address.
 * Smart-contract wallets (ERC-1271 `isValidSignature`, ERC-6492 counterfactual signatures) need a call to a
 * chain node and are out of scope here; their signatures fail as "signature".
 */

export type SiweFailure =
  | "malformed"
  | "domain"
  | "address"
  | "version"
  | "chainId"
  | "nonce"
  | "statement"
  | "timestamp"
  | "expired"
  | "notYetValid"
  | "issuedInFuture"
  | "signature";

export interface SiweExpectations {
  /** the authority the message must name (the app's host), compared case-insensitively */
  domain: string;
  /** the address the client claims; the message's must equal it (checksum-insensitive) */
  address?: string;
  /** the nonce the message must carry; without it the caller checks the nonce itself */
  nonce?: string;
  /** the statement must begin with this text */
  statementPrefix?: string;
  /** verification time */
  time: Date;
  /** how far issuedAt may be ahead of `time`; null skips the check (EIP-4361 verifiers do not make it) */
  issuedAtSkewMs: number | null;
}

export interface VerifiedSiwe {
  address: Address;
  domain: string;
  nonce: string;
  chainId: number;
  uri: string;
  statement: string | undefined;
  issuedAt: Date;
  expirationTime: Date | undefined;
  notBefore: Date | undefined;
}

export type SiweResult = { ok: true; message: VerifiedSiwe } | { ok: false; reason: SiweFailure; detail: string };

/**
 * The whole message in EIP-4361's layout, anchored at both ends: parseSiweMessage alone would find its fields
 * inside other text. The timestamps are captured raw to be checked strictly (Date accepts February 31).
 */
const layout =
  /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?\S+ wants you to sign in with your Ethereum account:\n0x[0-9a-fA-F]{40}\n\n(?:[^\n]+\n)?\nURI: [^\n]+\nVersion: [^\n]+\nChain ID: [^\n]+\nNonce: [^\n]+\nIssued At: (?<issuedAt>[^\n]+)(?:\nExpiration Time: (?<expirationTime>[^\n]+))?(?:\nNot Before: (?<notBefore>[^\n]+))?(?:\nRequest ID: [^\n]*)?(?:\nResources:(?:\n- [^\n]+)+)?$/;

const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;

/** An RFC 3339 date-time with every part in range (no February 31), else undefined. */
export function parseRfc3339(value: string): Date | undefined {
  const m = rfc3339.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

function fail(reason: SiweFailure, detail: string): SiweResult {
  return { ok: false, reason, detail };
}

/** 65-byte r,s,v signatures (and 64-byte EIP-2098 compact ones): what an externally owned account signs. */
const eoaSignature = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

export async function verifySiweMessage(
  message: string,
  signature: string,
  expect: SiweExpectations,
): Promise<SiweResult> {
  const shape = layout.exec(message);
  if (!shape?.groups) return fail("malformed", "the message is not an EIP-4361 message");
  const fields = parseSiweMessage(message);
  if (!fields.domain || !fields.address || !fields.uri || !fields.nonce || !fields.version) {
    return fail("malformed", "the message lacks a required field");
  }
  if (fields.domain.toLowerCase() !== expect.domain.toLowerCase()) {
    return fail("domain", `the message is for ${fields.domain}, not ${expect.domain}`);
  }
  if (!isAddress(fields.address)) return fail("address", "the message's address has a wrong checksum");
  if (expect.address !== undefined && !isAddressEqual(fields.address, expect.address as Address)) {
    return fail("address", "the message names another address");
  }
  if (fields.version !== "1") return fail("version", "the message's version is not 1");
  if (fields.chainId === undefined || !Number.isSafeInteger(fields.chainId) || fields.chainId < 1) {
    return fail("chainId", "the message has no valid chain id");
  }
  if (!/^[a-zA-Z0-9]{8,}$/.test(fields.nonce)) return fail("nonce", "the nonce is not 8 or more letters and digits");
  if (expect.nonce !== undefined && fields.nonce !== expect.nonce) return fail("nonce", "the nonce does not match");

  const { issuedAt: issuedAtText, expirationTime: expirationText, notBefore: notBeforeText } = shape.groups;
  const issuedAt = issuedAtText === undefined ? undefined : parseRfc3339(issuedAtText);
  if (!issuedAt) return fail("timestamp", "Issued At is not a valid RFC 3339 time");
  const expirationTime = expirationText === undefined ? undefined : parseRfc3339(expirationText);
  if (expirationText !== undefined && !expirationTime) {
    return fail("timestamp", "Expiration Time is not a valid RFC 3339 time");
  }
  const notBefore = notBeforeText === undefined ? undefined : parseRfc3339(notBeforeText);
  if (notBeforeText !== undefined && !notBefore) return fail("timestamp", "Not Before is not a valid RFC 3339 time");
  const now = expect.time.getTime();
  if (expirationTime && now >= expirationTime.getTime()) return fail("expired", "the message has expired");
  if (notBefore && now < notBefore.getTime()) return fail("notYetValid", "the message is not valid yet");
  if (expect.issuedAtSkewMs !== null && issuedAt.getTime() - now > expect.issuedAtSkewMs) {
    return fail("issuedInFuture", "the message was issued in the future");
  }
  if (expect.statementPrefix !== undefined && !fields.statement?.startsWith(expect.statementPrefix)) {
    return fail("statement", "the message does not carry the welcome text");
  }

  if (!eoaSignature.test(signature)) {
    return fail("signature", "the signature is not a 65-byte account signature (contract wallets are not supported)");
  }
  let signer: Address;
  try {
    signer = await recoverMessageAddress({ message, signature: signature as `0x${string}` });
  } catch {
    return fail("signature", "the signature cannot be recovered");
  }
  if (!isAddressEqual(signer, fields.address)) return fail("signature", "the signature is not the address's");

  return {
    ok: true,
    message: {
      address: fields.address,
      domain: fields.domain,
      nonce: fields.nonce,
      chainId: fields.chainId,
      uri: fields.uri,
      statement: fields.statement,
      issuedAt,
      expirationTime,
      notBefore,
    },
  };
}
