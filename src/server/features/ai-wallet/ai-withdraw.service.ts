import { randomBytes } from "node:crypto";
import { type PublicClient, parseTransaction } from "viem";
import type { z } from "zod";
import {
  AI_WALLET_CODE_TTL_MINUTES,
  type preWithdrawBodySchema,
  type Withdrawal,
  type withdrawBodySchema,
  type withdrawInfoBodySchema,
} from "../../../contract/ai-wallet.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { MailLanguage } from "../../providers/mail/verification-mail.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import { chainNotSupported } from "../swap/chains/chain-errors.ts";
import type { ChainTable, TokenLists, WalletBalances } from "../swap/ports.ts";
import type { AiWalletCodes } from "./ai-wallet-codes.ts";
import type { AiWalletDailyLimit } from "./ai-wallet-daily-limit.ts";
import { fieldError, withdrawalClosed, withdrawalNotFound } from "./ai-wallet-errors.ts";
import type { AiWalletSigner } from "./ai-wallet-ports.ts";
import type { AiWalletsRepository } from "./ai-wallets.repository.ts";
import {
  type AiWithdrawalsRepository,
  readWithdrawalToken,
  type WithdrawalRow,
  type WithdrawalToken,
} from "./ai-withdrawals.repository.ts";
import { type Amounts, formatAmount, parseAmount } from "./amounts.ts";
import type { FrozenFunds } from "./frozen.repository.ts";
import { fundsFrozen, unfrozen } from "./frozen-funds.ts";
import { createNonceLanes, type NonceLanes } from "./nonce-lanes.ts";
import { checkDestination } from "./withdraw-address.ts";
import {
  broadcast,
  minedNonceOf,
  nativeGasCost,
  planTransfer,
  receiptOf,
  type TransferPlan,
  transactionOf,
  transferCall,
} from "./withdraw-chain.ts";

/**
 * Withdrawals from an AI wallet (spec §7 getWithdrawInfo, aiAccountPreWithdraw, aiAccountWithdraw): checked (chain,
 * amount and balance with the gas kept back, frozen coins left out, the address allow rule, sanctions, the daily
 * limit), confirmed by an
 * emailed code, checked again, signed in the wallet's nonce lane, stored as signed (status sending) before the
 * broadcast, broadcast (sent), and followed to completed or fail. A stored signed transaction is only ever sent
 * again, never signed a second time. Every refusal, code mailed and broadcast outcome is written to the audit log;
 * nothing moves on any refusal.
 */

/** the signed-in email account and its AI wallet */
export interface Holder {
  userId: number;
  email: string;
  address: `0x${string}`;
}

export interface AiWithdrawDeps {
  chainIds: readonly number[];
  /** the AI wallet's daily limit, and what its swaps and withdrawals used of it today */
  dailyLimit: AiWalletDailyLimit;
  withdrawals: AiWithdrawalsRepository;
  wallets: AiWalletsRepository;
  signer: AiWalletSigner;
  /** the AI wallets' nonce lanes (shared with AI swaps) */
  lanes: NonceLanes;
  chains: ChainTable;
  tokens: TokenLists;
  balances: WalletBalances;
  usdPrice(symbol: string): number | undefined;
  sanctions: SanctionsCheck;
  /** coins received from sanctioned addresses: never withdrawn (nor spent on a withdrawal's gas) */
  frozen: FrozenFunds;
  /** our deposit addresses (the pay feature's): never a withdrawal's destination */
  ownAddresses(): readonly string[];
  codes: AiWalletCodes;
  clock: Clock;
  logger: Logger;
}

/** newest withdrawals listed */
const LIST_MAX = 50;
/** rows the tracker looks at per sweep */
const SWEEP_BATCH = 100;
/**
 * Sweeps in a row that must find a sent withdrawal without a receipt while the wallet's mined nonce is past its own
 * before it is failed (txNotFound): another transaction took its nonce, so it can never be mined.
 */
const NONCE_TAKEN_CHECKS = 2;

/** a requestId used before for another withdrawal (chain, token, amount or address differ) */
const idempotencyConflict = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "idempotencyConflict",
    409,
    [{ field: "requestId", key: "idempotencyConflict" }],
    "this requestId was used for another withdrawal",
  );

/** "ab***@example.com" */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** a requestId's stored withdrawal asked for again: the same chain, token, amount and destination */
function sameRequest(
  row: WithdrawalRow,
  body: { chainId: number; tokenAddress: string; amount: string; toAddress: string },
): boolean {
  const token = readWithdrawalToken(row.token);
  const sameToken =
    (isNativeToken(token.address) && isNativeToken(body.tokenAddress)) ||
    token.address.toLowerCase() === body.tokenAddress.trim().toLowerCase();
  let sameAmount: boolean;
  try {
    sameAmount = parseAmount(body.amount, token.decimals).raw === parseAmount(row.amount, token.decimals).raw;
  } catch {
    sameAmount = false;
  }
  return (
    row.chainId === body.chainId &&
    sameToken &&
    sameAmount &&
    row.toAddress.toLowerCase() === body.toAddress.trim().toLowerCase()
  );
}

/** signed: answered as it stands, never signed or sent again */
const moving = (row: WithdrawalRow) => ["sending", "sent", "completed", "fail"].includes(row.status);

interface Checked {
  netWork: string;
  token: WithdrawalToken;
  amount: Amounts;
  toAddress: `0x${string}`;
  plan: TransferPlan;
  usdValue: number | null;
}

export function createAiWithdrawService(deps: AiWithdrawDeps) {
  const { withdrawals, wallets, chains, tokens, balances, codes, clock, logger } = deps;
  /** one aiAccountWithdraw of a withdrawal at a time on this node: a second waits, then answers the row as it stands */
  const claims = createNonceLanes(undefined);
  /** sent withdrawals whose nonce another mined transaction took, and the sweeps in a row that saw it */
  const nonceTaken = new Map<string, number>();

  const view = (row: WithdrawalRow): Withdrawal => ({
    withdrawId: row.withdrawId,
    chainId: row.chainId,
    token: readWithdrawalToken(row.token),
    amount: row.amount,
    toAddress: row.toAddress,
    status: row.status as Withdrawal["status"],
    statusReason: row.statusReason,
    txHash: row.txHash,
    txUrl: row.txHash ? chains.txUrl(row.chainId, row.txHash) : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  });

  /** an event of the withdrawal written to the audit log; a failed write is logged, the event stands */
  async function record(
    row: Pick<WithdrawalRow, "userId" | "withdrawId" | "chainId" | "txHash">,
    address: string | undefined,
    action: string,
    detail: Record<string, string | number | boolean | null> = {},
  ): Promise<void> {
    const owner = address ?? (await wallets.find(row.userId).catch(() => undefined))?.address;
    if (!owner) return;
    await wallets
      .audit({
        userId: row.userId,
        address: owner,
        action,
        chainId: row.chainId,
        txHash: row.txHash,
        detail: { withdrawId: row.withdrawId, ...detail },
        at: clock.now(),
      })
      .catch((error: unknown) => logger.error({ err: error, action }, "AI wallet: a withdrawal event was not audited"));
  }

  /** the refusal written to the audit log, then thrown */
  async function audited<T>(
    holder: Holder,
    action: string,
    detail: Record<string, string | number | boolean | null>,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const reason = error instanceof ApiError ? error.key : "error";
      await wallets
        .audit({
          userId: holder.userId,
          address: holder.address,
          action,
          detail: { ...detail, reason },
          at: clock.now(),
        })
        .catch((auditError: unknown) => logger.error({ err: auditError }, "AI wallet: a refusal was not audited"));
      throw error;
    }
  }

  function chainOf(chainId: number) {
    const entry = chains.byId(chainId);
    const client = chains.client(chainId);
    if (!deps.chainIds.includes(chainId) || !entry || !client) throw chainNotSupported(chainId);
    return { entry, client };
  }

  async function tokenOf(chainId: number, address: string): Promise<WithdrawalToken> {
    const token = await tokens.find(chainId, address);
    if (!token) throw fieldError("tokenAddress", "invalidAddress", "no such token on this chain");
    return {
      address: isNativeToken(token.address) ? NATIVE_TOKEN_ADDRESS : token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      chainId,
      logoURI: token.logoURI,
    };
  }

  /** the checks of a withdrawal, before its code and again before it is signed */
  async function check(
    holder: Holder,
    request: { chainId: number; tokenAddress: string; amount: string; toAddress: string },
  ): Promise<Checked> {
    const { entry, client } = chainOf(request.chainId);
    const token = await tokenOf(request.chainId, request.tokenAddress);
    const amount = parseAmount(request.amount, token.decimals);
    const toAddress = checkDestination(request.toAddress, {
      own: [holder.address, ...deps.ownAddresses()],
      sanctions: deps.sanctions,
    });
    const native = isNativeToken(token.address);
    const [held, frozen, frozenCoin] = await Promise.all([
      balances.balanceOf(holder.address, request.chainId, token.address as `0x${string}`),
      deps.frozen.amountOf(holder.userId, request.chainId, token.address),
      native ? Promise.resolve(0n) : deps.frozen.amountOf(holder.userId, request.chainId, NATIVE_TOKEN_ADDRESS),
    ]);
    if (amount.raw > held) throw fieldError("amount", "Insufficientbalance", "the amount is above the balance");
    // coins from a sanctioned address are frozen: the amount may take only what is not
    if (amount.raw > unfrozen(held, frozen)) throw fundsFrozen();
    const plan = await planTransfer(
      client,
      entry.netWork,
      holder.address,
      transferCall(token.address, toAddress, amount.raw),
    );
    if (native && amount.raw + plan.gasCost > held) {
      throw fieldError("amount", "Insufficientbalance", "the amount and the gas are above the balance");
    }
    if (native && amount.raw + plan.gasCost > unfrozen(held, frozen)) throw fundsFrozen();
    if (!native) {
      const coin = await balances.balanceOf(holder.address, request.chainId, NATIVE_TOKEN_ADDRESS);
      if (coin < plan.gasCost) throw fieldError("amount", "gasNotEnough", "the wallet lacks the chain's coin for gas");
      // nor is the gas paid with frozen coins of the chain
      if (unfrozen(coin, frozenCoin) < plan.gasCost) throw fundsFrozen();
    }
    const price = deps.usdPrice(token.symbol);
    const usdValue = price === undefined ? null : price * Number(amount.text);
    if (usdValue === null) logger.info({ symbol: token.symbol }, "AI withdrawal: no USD price; counted 0");
    await deps.dailyLimit.check(holder.userId, usdValue ?? 0);
    return { netWork: entry.netWork, token, amount, toAddress, plan, usdValue };
  }

  /** broadcasts a stored signed withdrawal and records what the node said */
  async function send(row: WithdrawalRow): Promise<WithdrawalRow> {
    const client = chains.client(row.chainId);
    if (!client || !row.rawTx || !row.txHash) return row;
    const raw = row.rawTx as `0x${string}`;
    const outcome = await broadcast(client, raw, row.txHash as `0x${string}`);
    const at = clock.now();
    if (outcome.outcome === "unsent") {
      logger.warn(
        { withdrawId: row.withdrawId, reason: outcome.reason },
        "AI withdrawal: not broadcast; sent again later",
      );
      return row;
    }
    const patch =
      outcome.outcome === "sent"
        ? { status: "sent" as const, updatedAt: at }
        : { status: "fail" as const, statusReason: outcome.reason, updatedAt: at };
    if (outcome.outcome === "rejected")
      logger.warn({ withdrawId: row.withdrawId, reason: outcome.reason }, "AI withdrawal refused by the node");
    const changed = await withdrawals.transition(row.withdrawId, "sending", patch);
    balances.forget(row.toAddress, row.chainId);
    const owner = await wallets.find(row.userId);
    if (owner) balances.forget(owner.address, row.chainId);
    if (changed) {
      await record(
        changed,
        owner?.address,
        outcome.outcome === "sent" ? "withdraw_sent" : "withdraw_broadcast_failed",
        outcome.outcome === "sent" ? {} : { reason: outcome.reason },
      );
    }
    return changed ?? (await withdrawals.find(row.userId, row.withdrawId)) ?? row;
  }

  /**
   * A sent withdrawal without a receipt: failed (txNotFound) once NONCE_TAKEN_CHECKS sweeps in a row found the
   * wallet's mined nonce past its own, for then another transaction took its nonce and it will never be mined.
   */
  async function checkNonceTaken(row: WithdrawalRow, client: PublicClient) {
    const owner = await wallets.find(row.userId);
    if (!owner || !row.rawTx) return row;
    const nonce = parseTransaction(row.rawTx as `0x${string}`).nonce;
    const mined = await minedNonceOf(client, owner.address as `0x${string}`);
    if (nonce === undefined || mined === undefined || mined <= nonce) {
      nonceTaken.delete(row.withdrawId);
      return row;
    }
    const seen = (nonceTaken.get(row.withdrawId) ?? 0) + 1;
    if (seen < NONCE_TAKEN_CHECKS) {
      nonceTaken.set(row.withdrawId, seen);
      return row;
    }
    nonceTaken.delete(row.withdrawId);
    const failed = await withdrawals.transition(row.withdrawId, "sent", {
      status: "fail",
      statusReason: "txNotFound",
      updatedAt: clock.now(),
    });
    if (!failed) return row;
    logger.warn({ withdrawId: row.withdrawId, nonce }, "AI withdrawal: its nonce was taken by another transaction");
    balances.forget(owner.address, row.chainId);
    await record(failed, owner.address, "withdraw_failed", { reason: "txNotFound", nonce });
    return failed;
  }

  /** a sent withdrawal's receipt: completed or fail once mined */
  async function follow(row: WithdrawalRow): Promise<WithdrawalRow> {
    const client = chains.client(row.chainId);
    if (!client || !row.txHash) return row;
    const status = await receiptOf(client, row.txHash as `0x${string}`);
    if (status === undefined) return checkNonceTaken(row, client);
    nonceTaken.delete(row.withdrawId);
    const patch =
      status === "success"
        ? { status: "completed" as const, updatedAt: clock.now() }
        : { status: "fail" as const, statusReason: "reverted", updatedAt: clock.now() };
    const changed = await withdrawals.transition(row.withdrawId, "sent", patch);
    if (!changed) return row;
    await record(
      changed,
      undefined,
      status === "success" ? "withdraw_completed" : "withdraw_failed",
      status === "success" ? {} : { reason: "reverted" },
    );
    return changed;
  }

  let sweeping: Promise<number> | undefined;
  async function sweepOnce(): Promise<number> {
    let changed = await withdrawals.expire(clock.now());
    for (const row of await withdrawals.inStatus(["sending"], SWEEP_BATCH)) {
      if ((await send(row)).status !== "sending") changed += 1;
    }
    for (const row of await withdrawals.inStatus(["sent"], SWEEP_BATCH)) {
      if ((await follow(row)).status !== "sent") changed += 1;
    }
    return changed;
  }

  /** the withdrawal read again, its code spent, checked again, signed, stored and sent */
  async function sendWithCode(holder: Holder, body: z.output<typeof withdrawBodySchema>): Promise<Withdrawal> {
    const row = await withdrawals.find(holder.userId, body.withdrawId);
    if (!row) throw withdrawalNotFound();
    if (moving(row)) return view(row);
    if (row.status !== "awaiting_code") throw withdrawalClosed();
    if (row.expiresAt <= clock.now()) {
      await withdrawals.transition(row.withdrawId, "awaiting_code", { status: "expired", updatedAt: clock.now() });
      throw withdrawalClosed();
    }
    try {
      await codes.spend(holder.email, "AI_WITHDRAW", body.code);
    } catch (error) {
      // another node's call with the right code may have spent it and sent the withdrawal meanwhile
      const now = await withdrawals.find(holder.userId, row.withdrawId);
      if (now && moving(now)) return view(now);
      throw error;
    }
    const token = readWithdrawalToken(row.token);
    let checked: Checked;
    try {
      checked = await check(holder, {
        chainId: row.chainId,
        tokenAddress: token.address,
        amount: row.amount,
        toAddress: row.toAddress,
      });
    } catch (error) {
      // the code is spent: a withdrawal that no longer passes is closed, and the user starts again
      await withdrawals.transition(row.withdrawId, "awaiting_code", {
        status: "cancelled",
        statusReason: error instanceof ApiError ? error.key : "error",
        updatedAt: clock.now(),
      });
      throw error;
    }
    const { entry, client } = chainOf(row.chainId);
    // the nonce read, the signing, the store and the broadcast in the wallet's lane: no other transaction of the
    // wallet (a swap at the same moment) takes the same nonce
    return deps.lanes.run(holder.address, async () => {
      const tx = await transactionOf(client, entry.netWork, row.chainId, holder.address, checked.plan);
      const signed = await deps.signer.signTransaction(holder.userId, tx, {
        action: "sign_withdraw",
        chainId: row.chainId,
        detail: {
          withdrawId: row.withdrawId,
          to: checked.toAddress,
          token: token.address,
          symbol: token.symbol,
          amount: row.amount,
          nonce: tx.nonce ?? null,
        },
      });
      // stored before the broadcast: a restart sends these bytes again and never signs another
      const stored = await withdrawals.transition(row.withdrawId, "awaiting_code", {
        status: "sending",
        rawTx: signed.raw,
        txHash: signed.hash,
        updatedAt: clock.now(),
      });
      if (!stored) return view((await withdrawals.find(holder.userId, row.withdrawId)) ?? row);
      return view(await send(stored));
    });
  }

  return {
    view,

    /**
     * The tracker: closes withdrawals whose code time passed, broadcasts again the stored signed ones not yet taken
     * by the node (a restart between storing and broadcasting), and finishes the sent ones from their receipts.
     * Runs at start and on a timer; one sweep at a time on this node.
     */
    sweep(): Promise<number> {
      sweeping ??= sweepOnce().finally(() => {
        sweeping = undefined;
      });
      return sweeping;
    },

    async info(holder: Holder, body: z.output<typeof withdrawInfoBodySchema>) {
      const { entry, client } = chainOf(body.chainId);
      const token = await tokenOf(body.chainId, body.tokenAddress);
      const [held, frozen] = await Promise.all([
        balances.balanceOf(holder.address, body.chainId, token.address as `0x${string}`),
        deps.frozen.amountOf(holder.userId, body.chainId, token.address),
      ]);
      // what may be sent: the balance less the frozen coins (and, for the chain's coin, less the gas)
      const free = unfrozen(held, frozen);
      let gasCost: bigint | null;
      if (isNativeToken(token.address)) {
        gasCost = await nativeGasCost(client, entry.netWork);
      } else {
        gasCost = await planTransfer(
          client,
          entry.netWork,
          holder.address,
          transferCall(token.address, holder.address, held),
        )
          .then((plan) => plan.gasCost)
          .catch(() => null);
      }
      const max = isNativeToken(token.address) ? unfrozen(free, gasCost ?? 0n) : free;
      return {
        chainId: body.chainId,
        token,
        balance: formatAmount(held, token.decimals),
        maxAmount: formatAmount(max, token.decimals),
        frozenAmount: formatAmount(frozen, token.decimals),
        gasNative: gasCost === null ? null : formatAmount(gasCost, 18),
        email: maskEmail(holder.email),
        dailyLimitUsd: deps.dailyLimit.limitUsd,
        dailyUsedUsd: await deps.dailyLimit.usedToday(holder.userId),
      };
    },

    async preWithdraw(holder: Holder, body: z.output<typeof preWithdrawBodySchema>, language: MailLanguage) {
      const detail = {
        chainId: body.chainId,
        token: body.tokenAddress,
        amount: body.amount,
        to: body.toAddress,
        requestId: body.requestId ?? null,
      };
      return audited(holder, "refuse_withdraw", detail, async () => {
        /** the withdrawal a requestId made before: answered again when the body is the same, 409 when it is not */
        const answer = (row: WithdrawalRow) => {
          if (!sameRequest(row, body)) throw idempotencyConflict();
          return { withdrawal: view(row), email: maskEmail(holder.email) };
        };
        if (body.requestId) {
          const earlier = await withdrawals.findByRequest(holder.userId, body.requestId);
          if (earlier) return answer(earlier);
        }
        const checked = await check(holder, body);
        const issued = await codes.issue(holder.email, "AI_WITHDRAW");
        const now = clock.now();
        const row = await withdrawals.insert({
          withdrawId: `aw_${randomBytes(15).toString("base64url")}`,
          userId: holder.userId,
          requestId: body.requestId ?? null,
          chainId: body.chainId,
          token: checked.token,
          amount: checked.amount.text,
          toAddress: checked.toAddress,
          usdValue: checked.usdValue,
          createdAt: now,
          expiresAt: new Date(now.getTime() + AI_WALLET_CODE_TTL_MINUTES * 60_000),
        });
        if (!row) {
          // a concurrent retry with the same requestId stored its withdrawal first
          await codes.discard(holder.email, "AI_WITHDRAW", issued);
          const earlier = body.requestId ? await withdrawals.findByRequest(holder.userId, body.requestId) : undefined;
          if (!earlier) throw new Error("the withdrawal was neither stored nor found");
          return answer(earlier);
        }
        await withdrawals.supersede(holder.userId, row.withdrawId, now);
        try {
          await codes.deliver(
            holder.email,
            "AI_WITHDRAW",
            issued,
            {
              kind: "withdraw",
              amount: checked.amount.text,
              symbol: checked.token.symbol,
              toAddress: checked.toAddress,
              network: checked.netWork,
            },
            language,
          );
        } catch (error) {
          await withdrawals.transition(row.withdrawId, "awaiting_code", {
            status: "cancelled",
            statusReason: "Serverbusy",
            updatedAt: clock.now(),
          });
          throw error;
        }
        await record(row, holder.address, "withdraw_code_sent", {
          to: checked.toAddress,
          token: checked.token.address,
          amount: checked.amount.text,
        });
        return answer(row);
      });
    },

    async withdraw(holder: Holder, body: z.output<typeof withdrawBodySchema>): Promise<Withdrawal> {
      return audited(holder, "refuse_withdraw", { withdrawId: body.withdrawId }, async () => {
        const first = await withdrawals.find(holder.userId, body.withdrawId);
        if (!first) throw withdrawalNotFound();
        // sent already (or on its way): answered as it stands, never signed or sent again
        if (moving(first)) return view(first);
        // a second call for the same withdrawal waits for the first on this node, then reads what it did
        return claims.run(first.withdrawId, () => sendWithCode(holder, body));
      });
    },

    async list(userId: number): Promise<Withdrawal[]> {
      // the stored state: the tracker follows sent withdrawals to completed or fail
      return (await withdrawals.list(userId, LIST_MAX)).map(view);
    },
  };
}

export type AiWithdrawService = ReturnType<typeof createAiWithdrawService>;
