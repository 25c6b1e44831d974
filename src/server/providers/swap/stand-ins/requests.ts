import { NATIVE_TOKEN_ADDRESS } from "../../../../contract/swap.ts";
import { QuoteError, type QuoteFailure, type QuoteRequest } from "../quote-source.ts";

/** Requests and expectations the adapters' tests share. */

export const WALLET = "0x552008c0f6870c2f77e5cC1d2eb9bdff03e30Ea0";
export const OTHER_WALLET = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";
export const FEE_WALLET = "0x890CACd9dEC1E1409C6598Da18DC3d634e600b45";
export const USDC = { address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6, symbol: "USDC" } as const;
export const DAI = { address: "0x6B175474E89094C44Da98b954EedeAC495271d0F", decimals: 18, symbol: "DAI" } as const;
export const ETH = { address: NATIVE_TOKEN_ADDRESS, decimals: 18, symbol: "ETH" } as const;

export function quoteRequest(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return {
    fromChainId: 1,
    toChainId: 1,
    fromToken: { ...USDC },
    toToken: { ...DAI },
    amount: "10000000",
    slippageBps: 50,
    fromAddress: WALLET,
    toAddress: undefined,
    feeBps: 0,
    feeRecipient: undefined,
    integrator: "mountainlion",
    ...overrides,
  };
}

/** the QuoteError a call rejected with; fails the test when it resolved or failed otherwise */
export async function quoteFailure(pending: Promise<unknown>): Promise<QuoteError> {
  const outcome = await pending.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a QuoteError, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof QuoteError)) throw new Error(`expected a QuoteError, got ${String(outcome.error)}`);
  return outcome.error;
}

export async function expectReason(pending: Promise<unknown>, reason: QuoteFailure): Promise<QuoteError> {
  const error = await quoteFailure(pending);
  if (error.reason !== reason) throw new Error(`expected ${reason}, got ${error.reason}: ${error.message}`);
  return error;
}

export const never = () => new AbortController().signal;
