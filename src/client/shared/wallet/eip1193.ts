/** The slice of EIP-1193 (a wallet's provider) the sign-in, the top-up and the swap use. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === "object" && value !== null && "request" in value && typeof value.request === "function";
}

/** EIP-1193 "user rejected the request" (spec §4: the sign-in says nothing about it) */
export const USER_REJECTED = 4001;
/** EIP-3326: the wallet does not know the chain (add it first) */
export const UNRECOGNISED_CHAIN = 4902;
/** JSON-RPC "method not found": a wallet without wallet_addEthereumChain / wallet_switchEthereumChain */
export const METHOD_NOT_FOUND = -32601;

/** The numeric `code` of a provider error, if it has one (some wallets nest it under `data` or `cause`). */
export function providerErrorCode(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; depth < 3; depth++) {
    if (typeof current !== "object" || current === null) return undefined;
    if ("code" in current && typeof current.code === "number") return current.code;
    current = "cause" in current ? current.cause : "data" in current ? current.data : undefined;
  }
  return undefined;
}

/** A chain id as wallets answer it ("0x38", "56", 56) as a number; NaN when it is none. */
export function toChainId(value: unknown): number {
  if (typeof value === "string") return Number.parseInt(value, value.startsWith("0x") ? 16 : 10);
  return typeof value === "number" ? value : Number.NaN;
}

export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
