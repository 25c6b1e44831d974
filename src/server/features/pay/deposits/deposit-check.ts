import { MICRO_PER_USDT, Points } from "../../../../contract/constants.ts";
import type { DepositReason } from "../../../../contract/deposits.ts";
import type { PayChain } from "../../../config.ts";
import type { TransactionLookup } from "../../../providers/chains/chain-verifier.ts";
import type { SanctionsCheck } from "../../compliance/sanctions.ts";
import { unitsToMicro } from "./token-units.ts";

/**
 * What a chain's answer means for a deposit (issue 15), before anything is credited: pending (with why), failed
 * (with why), or a transfer that pays (amount, sender, block). Pure, so each rule reads on its own.
 */

/** spec §9: under 0.1 USDT is ignored */
export const MIN_DEPOSIT_MICRO = Math.round(Points.minUsdt * MICRO_PER_USDT);

/**
 * Block times come from the chain's producers, order times from this server's clock: a transfer mined this long
 * before the order was opened still counts as after it (whole-second block stamps, clocks a little apart).
 */
export const CLOCK_SKEW_MS = 120_000;

export type CheckVerdict =
  | { kind: "pending"; reason: DepositReason; detail?: string; chainFacts?: ChainFacts }
  | { kind: "failed"; reason: DepositReason; chainFacts?: ChainFacts }
  | { kind: "pays"; chainFacts: ChainFacts & { amountMicro: number } };

/** What the chain said about the transfer, kept on the deposit's row. */
export interface ChainFacts {
  amountMicro?: number;
  fromAddress?: string;
  blockNumber: number;
  blockTime: Date;
  confirmations: number;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export interface CheckContext {
  chain: PayChain;
  /** the transfer must be mined at or after this instant (less the skew): the order's creation, or the top-up window */
  notBefore: Date;
  /** the OFAC sanctions list: a transfer from an address on it is refused, never credited */
  sanctions?: SanctionsCheck;
}

export function judge(lookup: TransactionLookup, context: CheckContext): CheckVerdict | { kind: "notFound" } {
  const { chain } = context;
  switch (lookup.state) {
    case "unavailable":
      return { kind: "pending", reason: "rpcUnavailable", detail: lookup.detail };
    case "inconsistent":
      return { kind: "pending", reason: "rpcInconsistent", detail: lookup.detail };
    case "notFound":
      return { kind: "notFound" };
    case "mined":
      break;
  }
  const facts: ChainFacts = {
    blockNumber: lookup.blockNumber,
    blockTime: lookup.blockTime,
    confirmations: lookup.confirmations,
  };
  if (!lookup.success) return { kind: "failed", reason: "txReverted", chainFacts: facts };
  const ofToken = lookup.transfers.filter((t) => same(t.token, chain.usdt));
  const paying = ofToken.filter((t) => same(t.to, chain.depositAddress));
  if (paying.length === 0) {
    // USDT moved, but elsewhere: the recipient is wrong; nothing of USDT moved: the token is
    const reason = ofToken.length > 0 ? "wrongRecipient" : "wrongToken";
    return { kind: "failed", reason, chainFacts: facts };
  }
  const units = paying.reduce((sum, t) => sum + t.value, 0n);
  const micro = unitsToMicro(units, chain.decimals);
  if (micro > BigInt(Number.MAX_SAFE_INTEGER)) {
    return { kind: "pending", reason: "rpcInconsistent", detail: `an impossible amount: ${units} units` };
  }
  const withAmount = { ...facts, amountMicro: Number(micro), fromAddress: paying[0]?.from ?? "" };
  const sanctioned = paying.find((t) => context.sanctions?.isSanctioned(t.from));
  if (sanctioned) {
    return { kind: "failed", reason: "sanctionedAddress", chainFacts: { ...withAmount, fromAddress: sanctioned.from } };
  }
  if (lookup.blockTime.getTime() < context.notBefore.getTime() - CLOCK_SKEW_MS) {
    return { kind: "failed", reason: "txBeforeOrder", chainFacts: withAmount };
  }
  if (withAmount.amountMicro < MIN_DEPOSIT_MICRO) {
    return { kind: "failed", reason: "amountTooSmall", chainFacts: withAmount };
  }
  if (lookup.confirmations < chain.confirmations) {
    return { kind: "pending", reason: "awaitingConfirmations", chainFacts: withAmount };
  }
  return { kind: "pays", chainFacts: withAmount };
}
