/** The slice of EIP-1193 (the injected wallet provider) the sign-in uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === "object" && value !== null && "request" in value && typeof value.request === "function";
}

/** EIP-1193's "user rejected the request" (spec §4: ignored silently). */
export const USER_REJECTED = 4001;

/** The numeric `code` of a provider error, if it has one (some wallets nest it under `data` or `cause`). */
export function providerErrorCode(error: unknown): number | undefined {
  for (let current: unknown = error, depth = 0; depth < 3; depth++) {
    if (typeof current !== "object" || current === null) return undefined;
    if ("code" in current && typeof current.code === "number") return current.code;
    current = "cause" in current ? current.cause : "data" in current ? current.data : undefined;
  }
  return undefined;
}
