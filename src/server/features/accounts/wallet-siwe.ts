import { type Address, getAddress, type Hex, isAddressEqual, recoverMessageAddress } from "viem";
import { type SiweMessage, validateSiweMessage } from "viem/siwe";
import { z } from "zod";
import { isUri, parseAuthority, pcharsPattern, schemePattern } from "./rfc3986.ts";

/**
 * Sign-In with Ethereum (EIP-4361): reading a message strictly by the EIP's ABNF, then checking it against
 * what this server expects, with the time injected so the public test vectors (all old) can be checked at the
 * time they were written for.
 *
 * Reading is stricter than viem's `parseSiweMessage` (which finds fields inside other text, takes any `URI` and
 * resources and refuses domains with userinfo or an IPv6 address); once read, the message must also pass viem's
 * `validateSiweMessage`. A signature is first recovered off-chain (an externally owned account); when that is
 * not the message's address and a node of the message's chain is configured, the node decides (ERC-1271
 * `isValidSignature` of a deployed contract wallet, ERC-6492 for one not deployed yet).
 */

export type SiweFailure =
  | "malformed"
  | "domain"
  | "scheme"
  | "uri"
  | "resources"
  | "address"
  | "version"
  | "chainId"
  | "nonce"
  | "statement"
  | "timestamp"
  | "expired"
  | "notYetValid"
  | "issuedInFuture"
  | "signature"
  /** the chain's node could not be asked (not the signer's fault) */
  | "nodeUnavailable";

/** A message's fields as written (times as their RFC 3339 text), in the shape of the EIP's test vectors. */
export interface SiweFields {
  scheme?: string | undefined;
  domain: string;
  address: Address;
  statement?: string | undefined;
  uri: string;
  version: "1";
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string | undefined;
  notBefore?: string | undefined;
  requestId?: string | undefined;
  resources?: string[] | undefined;
}

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

/** EIP-55: the mixed-case checksum spelling, exactly. */
function isEip55(value: string): boolean {
  try {
    return getAddress(value) === value;
  } catch {
    return false;
  }
}

const time = z.string().refine((value) => parseRfc3339(value) !== undefined);
/** EIP-4361's `statement = *( reserved / unreserved / " " )`: printable ASCII of RFC 3986, no line break */
const statementPattern = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;

/** Every field rule of EIP-4361; the key of a failing field names the failure. */
const fieldsSchema = z.object({
  scheme: z.string().regex(schemePattern).optional(),
  domain: z.string().refine((value) => parseAuthority(value) !== undefined),
  address: z.string().refine(isEip55),
  statement: z.string().regex(statementPattern).optional(),
  uri: z.string().refine(isUri),
  version: z.literal("1"),
  chainId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  nonce: z.string().regex(/^[a-zA-Z0-9]{8,}$/),
  issuedAt: time,
  expirationTime: time.optional(),
  notBefore: time.optional(),
  requestId: z.string().regex(pcharsPattern).optional(),
  resources: z.array(z.string().refine(isUri)).optional(),
});

const failureOfField: Record<keyof z.input<typeof fieldsSchema>, SiweFailure> = {
  scheme: "scheme",
  domain: "domain",
  address: "address",
  statement: "statement",
  uri: "uri",
  version: "version",
  chainId: "chainId",
  nonce: "nonce",
  issuedAt: "timestamp",
  expirationTime: "timestamp",
  notBefore: "timestamp",
  requestId: "malformed",
  resources: "resources",
};

export type SiweReadResult = { ok: true; fields: SiweFields } | { ok: false; reason: SiweFailure; detail: string };

/** Checks fields given as an object (the EIP's negative object vectors; what a message reads to). */
export function checkSiweFields(input: Record<string, unknown>): SiweReadResult {
  const parsed = fieldsSchema.safeParse(input);
  if (parsed.success) return { ok: true, fields: { ...parsed.data, address: parsed.data.address as Address } };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  const reason =
    typeof field === "string" && field in failureOfField
      ? failureOfField[field as keyof typeof failureOfField]
      : "malformed";
  return { ok: false, reason, detail: `the message's ${String(field ?? "text")} is not valid EIP-4361` };
}

/**
 * The whole message in EIP-4361's layout, anchored at both ends, each line in its place; the values are checked
 * by the field rules after.
 */
const layout = new RegExp(
  [
    `^(?:(?<scheme>${schemePattern.source.slice(1, -1)})://)?(?<domain>[^ \\n]+) wants you to sign in with your Ethereum account:`,
    "(?<address>[^\\n]*)",
    "",
    "(?:(?<statement>[^\\n]+)\\n)?",
    "URI: (?<uri>[^\\n]*)",
    "Version: (?<version>[^\\n]*)",
    "Chain ID: (?<chainId>[^\\n]*)",
    "Nonce: (?<nonce>[^\\n]*)",
    "Issued At: (?<issuedAt>[^\\n]*)(?:\\nExpiration Time: (?<expirationTime>[^\\n]*))?(?:\\nNot Before: (?<notBefore>[^\\n]*))?(?:\\nRequest ID: (?<requestId>[^\\n]*))?(?:\\nResources:(?<resources>(?:\\n- [^\\n]*)*))?$",
  ].join("\\n"),
);

/** Reads an EIP-4361 message: its layout, then every field rule. */
export function readSiweMessage(message: string): SiweReadResult {
  const groups = layout.exec(message)?.groups;
  if (!groups) return { ok: false, reason: "malformed", detail: "the message is not in EIP-4361's layout" };
  const { chainId, resources, ...rest } = groups;
  const present = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return checkSiweFields({
    ...present,
    chainId: chainId !== undefined && /^\d+$/.test(chainId) ? Number(chainId) : chainId,
    resources: resources === undefined ? undefined : resources.split("\n- ").slice(1),
  });
}

/** A site this server serves, as a message's domain names it. */
export interface SiweSite {
  /** the origin the message's URI must have; undefined: any (verifiers of the public vectors do not compare) */
  origin: string | undefined;
}

/** Asks the chain's node whether `signature` is the contract wallet's (ERC-1271, ERC-6492); throws when unreachable. */
export type ContractSignatureCheck = (args: { address: Address; message: string; signature: Hex }) => Promise<boolean>;

export interface SiweExpectations {
  /** the site the message's domain (an RFC 3986 authority) names, when this server serves it */
  site: (domain: string) => SiweSite | undefined;
  /** the chains sign-in is offered on; undefined: any */
  chainIds?: ReadonlySet<number> | undefined;
  /** the address the client claims; the message's must equal it (checksum-insensitive) */
  address?: string | undefined;
  /** the nonce the message must carry; without it the caller checks the nonce itself */
  nonce?: string | undefined;
  /** the statement must begin with this text */
  statementPrefix?: string | undefined;
  /** verification time */
  time: Date;
  /** how far issuedAt may be ahead of `time`; null skips the check (EIP-4361 verifiers do not make it) */
  issuedAtSkewMs: number | null;
  /** the node check of a chain, when one is configured for it */
  contractSignature?: ((chainId: number) => ContractSignatureCheck | undefined) | undefined;
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
  /** how the signature was proven: recovered to the address, or by the contract wallet through the chain's node */
  signer: "account" | "contract";
}

export type SiweResult = { ok: true; message: VerifiedSiwe } | { ok: false; reason: SiweFailure; detail: string };

function fail(reason: SiweFailure, detail: string): SiweResult {
  return { ok: false, reason, detail };
}

function originOf(uri: string): string | undefined {
  try {
    return new URL(uri).origin;
  } catch {
    return undefined;
  }
}

/** 65-byte r,s,v signatures (and 64-byte EIP-2098 compact ones): what an externally owned account signs. */
const accountSignature = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

async function recoversTo(message: string, signature: string, address: Address): Promise<boolean> {
  if (!accountSignature.test(signature)) return false;
  try {
    return isAddressEqual(await recoverMessageAddress({ message, signature: signature as Hex }), address);
  } catch {
    return false;
  }
}

/** The checks on a message that has been read, up to (not including) its signature. */
function checkAgainst(fields: SiweFields, expect: SiweExpectations): SiweResult | Omit<VerifiedSiwe, "signer"> {
  const site = expect.site(fields.domain);
  if (!site) return fail("domain", `this server does not serve ${fields.domain}`);
  if (site.origin !== undefined) {
    const scheme = new URL(site.origin).protocol.slice(0, -1);
    if (fields.scheme !== undefined && fields.scheme.toLowerCase() !== scheme) {
      return fail("scheme", `the message is for ${fields.scheme}, not ${scheme}`);
    }
    if (originOf(fields.uri) !== site.origin) return fail("uri", `the message's URI is not on ${site.origin}`);
  }
  if (expect.address !== undefined && !isAddressEqual(fields.address, expect.address as Address)) {
    return fail("address", "the message names another address");
  }
  if (expect.chainIds !== undefined && !expect.chainIds.has(fields.chainId)) {
    return fail("chainId", `chain ${fields.chainId} is not one sign-in is offered on`);
  }
  if (expect.nonce !== undefined && fields.nonce !== expect.nonce) return fail("nonce", "the nonce does not match");

  // the field rules made sure each time reads
  const issuedAt = parseRfc3339(fields.issuedAt) as Date;
  const expirationTime = fields.expirationTime === undefined ? undefined : parseRfc3339(fields.expirationTime);
  const notBefore = fields.notBefore === undefined ? undefined : parseRfc3339(fields.notBefore);
  const now = expect.time.getTime();
  if (expirationTime && now >= expirationTime.getTime()) return fail("expired", "the message has expired");
  if (notBefore && now < notBefore.getTime()) return fail("notYetValid", "the message is not valid yet");
  if (expect.issuedAtSkewMs !== null && issuedAt.getTime() - now > expect.issuedAtSkewMs) {
    return fail("issuedInFuture", "the message was issued in the future");
  }
  if (expect.statementPrefix !== undefined && !fields.statement?.startsWith(expect.statementPrefix)) {
    return fail("statement", "the message does not carry the welcome text");
  }

  const viemFields: SiweMessage = { ...fields, issuedAt, expirationTime, notBefore };
  const valid = validateSiweMessage({
    message: viemFields,
    address: expect.address as Address | undefined,
    nonce: expect.nonce,
    domain: fields.domain,
    scheme: fields.scheme,
    time: expect.time,
  });
  if (!valid) return fail("malformed", "the message fails EIP-4361 validation");
  return {
    address: fields.address,
    domain: fields.domain,
    nonce: fields.nonce,
    chainId: fields.chainId,
    uri: fields.uri,
    statement: fields.statement,
    issuedAt,
    expirationTime,
    notBefore,
  };
}

export async function verifySiweMessage(
  message: string,
  signature: string,
  expect: SiweExpectations,
): Promise<SiweResult> {
  const read = readSiweMessage(message);
  if (!read.ok) return read;
  const checked = checkAgainst(read.fields, expect);
  if ("ok" in checked) return checked;

  if (await recoversTo(message, signature, checked.address)) {
    return { ok: true, message: { ...checked, signer: "account" } };
  }
  const node = expect.contractSignature?.(checked.chainId);
  if (!node) {
    return fail(
      "signature",
      accountSignature.test(signature)
        ? "the signature is not the address's"
        : `not an account's signature, and no node of chain ${checked.chainId} is configured to ask a contract wallet`,
    );
  }
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature)) return fail("signature", "the signature is not hex bytes");
  let valid: boolean;
  try {
    valid = await node({ address: checked.address, message, signature: signature as Hex });
  } catch {
    return fail("nodeUnavailable", `the node of chain ${checked.chainId} could not be asked`);
  }
  if (!valid) return fail("signature", "neither the address's key nor its contract accepts the signature");
  return { ok: true, message: { ...checked, signer: "contract" } };
}
