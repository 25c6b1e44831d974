import { parseUnits } from "viem";
import { ErrorCode } from "../../../contract/errors.ts";
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { WalletBalances } from "../swap/ports.ts";
import type { FrozenFunds } from "./frozen.repository.ts";

/**
 * What of an AI wallet's coins may be spent: the balance less what is frozen (coins sent to it from an address on
 * the sanctions list, found by the inbound scan). A withdrawal, swap or limit order that reaches into frozen coins
 * is refused (3001 fundsFrozen on the amount, as sanctionedAddress is refused), and so is the key's export while any
 * coin is frozen: with the key, the frozen coins could be moved elsewhere.
 */

/** 3001 fundsFrozen on the field: the amount (or its gas) would take coins that are frozen */
export const fundsFrozen = (field = "amount") =>
  new ApiError(
    ErrorCode.InvalidDestinationAddress,
    "fundsFrozen",
    400,
    [{ field, key: "fundsFrozen" }],
    "the amount reaches into coins received from a sanctioned address, which are frozen",
  );

/** 3001 fundsFrozen: the key is not exported while the wallet holds frozen coins */
export const exportFrozen = () =>
  new ApiError(
    ErrorCode.InvalidDestinationAddress,
    "fundsFrozen",
    409,
    [],
    "the wallet holds coins received from a sanctioned address: its key is not exported",
  );

/** the part of a balance that is not frozen (0 when the frozen amount is the whole balance or more) */
export const unfrozen = (held: bigint, frozen: bigint): bigint => (held > frozen ? held - frozen : 0n);

const balancesUnavailable = () =>
  new ApiError(ErrorCode.RequestFailed, "balancesUnavailable", 502, [], "the AI wallet's balance could not be read");

/**
 * Refuses a trade that would spend frozen coins: the amount sold, and the gas (`gasNative`, in the chain's coin,
 * decimal) from the chain's coin. A trade that the whole balance would not cover either is left to the usual checks
 * (Insufficientbalance, gasNotEnough); only what frozen coins alone stand in the way of is fundsFrozen. Nothing is
 * read when nothing of the two coins is frozen.
 */
export async function checkTradeFunds(
  deps: { frozen: FrozenFunds; balances: Pick<WalletBalances, "balanceOf"> },
  trade: {
    userId: number;
    owner: `0x${string}`;
    chainId: number;
    token: { address: string; decimals: number };
    amount: string;
    gasNative: string | null;
  },
): Promise<void> {
  const { frozen, balances } = deps;
  const native = isNativeToken(trade.token.address);
  const [frozenToken, frozenCoin] = await Promise.all([
    frozen.amountOf(trade.userId, trade.chainId, trade.token.address),
    native ? Promise.resolve(0n) : frozen.amountOf(trade.userId, trade.chainId, NATIVE_TOKEN_ADDRESS),
  ]);
  if (frozenToken === 0n && frozenCoin === 0n) return;
  const sold = parseUnits(trade.amount, trade.token.decimals);
  // an EVM chain's coin has 18 decimals (the quote's gasNative is formatted with the chain's decimals)
  const gas = trade.gasNative === null ? 0n : parseUnits(trade.gasNative, 18);
  const read = (token: `0x${string}`) =>
    balances.balanceOf(trade.owner, trade.chainId, token).catch(() => {
      throw balancesUnavailable();
    });
  /** refused when only the frozen part stands in the way */
  const check = (need: bigint, held: bigint, frozenPart: bigint) => {
    if (need <= held && need > unfrozen(held, frozenPart)) throw fundsFrozen();
  };
  if (native) {
    check(sold + gas, await read(NATIVE_TOKEN_ADDRESS), frozenToken);
    return;
  }
  if (frozenToken > 0n) check(sold, await read(trade.token.address as `0x${string}`), frozenToken);
  if (frozenCoin > 0n && gas > 0n) check(gas, await read(NATIVE_TOKEN_ADDRESS), frozenCoin);
}
