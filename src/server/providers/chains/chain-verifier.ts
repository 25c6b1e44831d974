/**
 * Reading a deposit's transaction from its chain (issue 15): the port the deposit service asks, with an EVM adapter
 * (viem over JSON-RPC) and a TRON adapter (TronGrid's HTTP API). The adapter reports what the chain says; whether it
 * pays a deposit (token, recipient, amount, time, confirmations) is the service's decision.
 */

/** One token transfer event of the transaction (ERC-20 / TRC-20 Transfer(from, to, value)). */
export interface TokenTransfer {
  /** the emitting contract, in the chain's address form (checksummed 0x-address, or T-address) */
  token: string;
  from: string;
  to: string;
  /** in the token's smallest units */
  value: bigint;
}

export type TransactionLookup =
  /** the chain does not know it (not mined yet, dropped, or of another chain) */
  | { state: "notFound" }
  /** the node could not be asked (down, timed out, refused, an answer that is not the documented shape) */
  | { state: "unavailable"; detail: string }
  /** the node contradicted itself: a receipt whose block it cannot give, a block ahead of its head */
  | { state: "inconsistent"; detail: string }
  | {
      state: "mined";
      /** false: mined but reverted (failed) */
      success: boolean;
      blockNumber: number;
      blockTime: Date;
      /** head - block + 1: the block itself counts as one */
      confirmations: number;
      transfers: TokenTransfer[];
    };

export interface ChainVerifier {
  /** the chain's code (ETH, TRON, ...) */
  readonly code: string;
  /** whether `hash` has this chain's hash form */
  accepts(hash: string): boolean;
  /** reads the transaction; never throws (a failure is `unavailable`) */
  lookup(hash: string): Promise<TransactionLookup>;
}

/** The detail of a thrown error for a log line: its message, never a URL's secrets (the adapters put none in it). */
export function errorDetail(error: unknown): string {
  if (error instanceof Error) return (error.message.split("\n")[0] ?? error.name).slice(0, 300);
  return String(error).slice(0, 300);
}
