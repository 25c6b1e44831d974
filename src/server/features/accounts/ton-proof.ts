import { createHash } from "node:crypto";
import { Address, type Cell, Cell as CellClass, contractAddress, loadStateInit } from "@ton/core";
import { signVerify } from "@ton/crypto";

/**
 * TON Connect's ton_proof (https://docs.ton.org/develop/dapps/ton-connect/sign), checked without a chain
 * node: the address must be the hash of the state_init the wallet sent, and the public key is read from that
 * state_init's data for the standard wallet contracts (v3R2, v4R2, v5R1). Other contracts would need a
 * `get_public_key` call to a node and are refused as "stateInit".
 */

export type TonProofFailure =
  | "malformed"
  | "domain"
  | "timestamp"
  | "stateInit"
  | "address"
  | "publicKey"
  | "signature";

export interface TonProof {
  timestamp: number;
  domain: { lengthBytes: number; value: string };
  payload: string;
  /** base64 */
  signature: string;
  /** base64 BoC of the wallet's StateInit */
  state_init: string;
}

export interface TonProofClaim {
  /** raw form "workchain:hex" */
  address: string;
  /** hex; when given, must be the key the state_init holds */
  public_key?: string | undefined;
  proof: TonProof;
}

export interface TonProofExpectations {
  /** whether this server serves the host a proof names (the manifest url's host) */
  acceptsDomain: (domain: string) => boolean;
  now: Date;
  /** how old a proof may be */
  maxAgeSeconds: number;
  /** how far a proof's timestamp may run ahead of the server's clock (wallet clocks drift) */
  futureSkewSeconds: number;
}

export type TonProofResult =
  | { ok: true; address: string; publicKey: Buffer; wallet: WalletKind }
  | { ok: false; reason: TonProofFailure; detail: string };

export type WalletKind = "v3R2" | "v4R2" | "v5R1";

/** Code hashes of the standard wallet contracts and where their data keeps the public key (bits skipped). */
const WALLET_CODES: Record<string, { kind: WalletKind; keyOffsetBits: number }> = {
  // seqno(32) subwallet_id(32) public_key(256)
  "84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599": { kind: "v3R2", keyOffsetBits: 64 },
  // seqno(32) subwallet_id(32) public_key(256) plugins(dict)
  feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0: { kind: "v4R2", keyOffsetBits: 64 },
  // is_signature_allowed(1) seqno(32) wallet_id(32) public_key(256) extensions(dict)
  "20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f": { kind: "v5R1", keyOffsetBits: 65 },
};

const sha256 = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();

/** The bytes a wallet signs for a ton_proof: sha256(0xffff ++ "ton-connect" ++ sha256(message)). */
export function tonProofSignedBytes(address: Address, proof: Pick<TonProof, "timestamp" | "domain" | "payload">) {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(proof.domain.lengthBytes);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    Buffer.from("ton-proof-item-v2/", "utf8"),
    workchain,
    address.hash,
    domainLength,
    Buffer.from(proof.domain.value, "utf8"),
    timestamp,
    Buffer.from(proof.payload, "utf8"),
  ]);
  return sha256(Buffer.from([0xff, 0xff]), Buffer.from("ton-connect", "utf8"), sha256(message));
}

/** The public key a standard wallet's StateInit holds, or undefined for another contract. */
export function walletPublicKey(code: Cell, data: Cell): { kind: WalletKind; key: Buffer } | undefined {
  const wallet = WALLET_CODES[code.hash().toString("hex")];
  if (!wallet) return undefined;
  const slice = data.beginParse();
  slice.skip(wallet.keyOffsetBits);
  return { kind: wallet.kind, key: slice.loadBuffer(32) };
}

const fail = (reason: TonProofFailure, detail: string): TonProofResult => ({ ok: false, reason, detail });

/** Every check of a ton_proof except the payload's (single use, issued by us: the caller's store knows). */
export function verifyTonProof(claim: TonProofClaim, expect: TonProofExpectations): TonProofResult {
  const { proof } = claim;
  let address: Address;
  try {
    address = Address.parseRaw(claim.address);
  } catch {
    return fail("malformed", "the address is not a raw TON address");
  }

  const domainBytes = Buffer.byteLength(proof.domain.value, "utf8");
  if (proof.domain.lengthBytes !== domainBytes) return fail("malformed", "the domain's length does not match it");
  if (!expect.acceptsDomain(proof.domain.value)) {
    return fail("domain", `this server does not serve ${proof.domain.value}`);
  }

  const nowSeconds = Math.floor(expect.now.getTime() / 1000);
  if (proof.timestamp < nowSeconds - expect.maxAgeSeconds) return fail("timestamp", "the proof is too old");
  if (proof.timestamp > nowSeconds + expect.futureSkewSeconds) return fail("timestamp", "the proof is from the future");

  let code: Cell;
  let data: Cell;
  try {
    const init = loadStateInit(CellClass.fromBase64(proof.state_init).beginParse());
    if (!init.code || !init.data) return fail("stateInit", "the state_init lacks code or data");
    code = init.code;
    data = init.data;
  } catch {
    return fail("malformed", "the state_init is not a StateInit BoC");
  }
  if (!contractAddress(address.workChain, { code, data }).equals(address)) {
    return fail("address", "the address is not the state_init's");
  }
  let wallet: ReturnType<typeof walletPublicKey>;
  try {
    wallet = walletPublicKey(code, data);
  } catch {
    return fail("stateInit", "the wallet's data cell is too short");
  }
  if (!wallet) return fail("stateInit", "not a standard wallet contract (v3R2, v4R2, v5R1)");
  if (claim.public_key !== undefined && claim.public_key.toLowerCase() !== wallet.key.toString("hex")) {
    return fail("publicKey", "public_key is not the key the state_init holds");
  }

  const signature = Buffer.from(proof.signature, "base64");
  if (signature.length !== 64) return fail("malformed", "the signature is not 64 bytes");
  if (!signVerify(tonProofSignedBytes(address, proof), signature, wallet.key)) {
    return fail("signature", "the signature does not verify with the wallet's key");
  }
  return { ok: true, address: address.toRawString().toLowerCase(), publicKey: wallet.key, wallet: wallet.kind };
}
