import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  AI_WALLET_CODE_TTL_MINUTES,
  type preWithdrawBodySchema,
  type Withdrawal,
  type withdrawBodySchema,
  type withdrawInfoBodySchema,
} from "../../../contract/ai-wallet.ts";
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
import type { NonceLanes } from "./nonce-lanes.ts";
import { checkDestination } from "./withdraw-address.ts";
import {
  broadcast,
  nativeGasCost,
  planTransfer,
  receiptOf,
  type TransferPlan,
  transactionOf,
  transferCall,
} from "./withdraw-chain.ts";

/**
 * Withdrawals from an AI wallet (spec §7 getWithdrawInfo, aiAccountPreWithdraw, aiAccountWithdraw): checked (chain,
 * amount and balance with the gas kept back, the address allow rule, sanctions, the daily limit), confirmed by an
 * emailed code, checked again, signed in the wallet's nonce lane, stored as signed (status sending) before the
 * broadcast, broadcast (sent), and followed to completed or fail. A stored signed transaction is only ever sent
 * again, never signed a second time. Every refusal is written to the audit log; nothing moves on any refusal.
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

/** "ab***@example.com" */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return "***";
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

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
    const held = await balances.balanceOf(holder.address, request.chainId, token.address as `0x${string}`);
    if (amount.raw > held) throw fieldError("amount", "Insufficientbalance", "the amount is above the balance");
    const plan = await planTransfer(
      client,
      entry.netWork,
      holder.address,
      transferCall(token.address, toAddress, amount.raw),
    );
    if (native && amount.raw + plan.gasCost > held) {
      throw fieldError("amount", "Insufficientbalance", "the amount and the gas are above the balance");
    }
    if (!native) {
      const coin = await balances.balanceOf(holder.address, request.chainId, NATIVE_TOKEN_ADDRESS);
      if (coin < plan.gasCost) throw fieldError("amount", "gasNotEnough", "the wallet lacks the chain's coin for gas");
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
    return changed ?? (await withdrawals.find(row.userId, row.withdrawId)) ?? row;
  }

  /** a sent withdrawal's receipt: completed or fail once mined */
  async function follow(row: WithdrawalRow): Promise<WithdrawalRow> {
    const client = chains.client(row.chainId);
    if (!client || !row.txHash) return row;
    const status = await receiptOf(client, row.txHash as `0x${string}`);
    if (status === undefined) return row;
    const patch =
      status === "success"
        ? { status: "completed" as const, updatedAt: clock.now() }
        : { status: "fail" as const, statusReason: "reverted", updatedAt: clock.now() };
    return (await withdrawals.transition(row.withdrawId, "sent", patch)) ?? row;
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
      const held = await balances.balanceOf(holder.address, body.chainId, token.address as `0x${string}`);
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
      const max = isNativeToken(token.address) ? (held > (gasCost ?? 0n) ? held - (gasCost ?? 0n) : 0n) : held;
      return {
        chainId: body.chainId,
        token,
        balance: formatAmount(held, token.decimals),
        maxAmount: formatAmount(max, token.decimals),
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
        const answer = (row: WithdrawalRow) => ({ withdrawal: view(row), email: maskEmail(holder.email) });
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
        return answer(row);
      });
    },

    async withdraw(holder: Holder, body: z.output<typeof withdrawBodySchema>): Promise<Withdrawal> {
      return audited(holder, "refuse_withdraw", { withdrawId: body.withdrawId }, async () => {
        const row = await withdrawals.find(holder.userId, body.withdrawId);
        if (!row) throw withdrawalNotFound();
        // sent already (or on its way): answered as it stands, never signed or sent again
        if (["sending", "sent", "completed", "fail"].includes(row.status)) return view(row);
        if (row.status !== "awaiting_code") throw withdrawalClosed();
        if (row.expiresAt <= clock.now()) {
          await withdrawals.transition(row.withdrawId, "awaiting_code", { status: "expired", updatedAt: clock.now() });
          throw withdrawalClosed();
        }
        await codes.spend(holder.email, "AI_WITHDRAW", body.code);
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
      });
    },

    async list(userId: number): Promise<Withdrawal[]> {
      const rows = await withdrawals.list(userId, LIST_MAX);
      // sent ones are looked up on chain now, so a mined withdrawal shows completed without waiting for the tracker
      const current = await Promise.all(rows.map((row) => (row.status === "sent" ? follow(row) : row)));
      return current.map(view);
    },
  };
}

export type AiWithdrawService = ReturnType<typeof createAiWithdrawService>;
