import type {
  DepositQrCodeData,
  DepositReason,
  DepositStatusData,
  RelatedCoin,
} from "../../../../contract/deposits.ts";
import { DEPOSIT_COIN, depositReasons } from "../../../../contract/deposits.ts";
import { ErrorCode } from "../../../../contract/errors.ts";
import { ApiError } from "../../../api-error.ts";
import type { PayChain, PaySettings } from "../../../config.ts";
import type { Logger } from "../../../logger.ts";
import type { ChainVerifier } from "../../../providers/chains/chain-verifier.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { SanctionsCheck } from "../../compliance/sanctions.ts";
import type { OrderSettlement, ProductType, UsdtAccount } from "../ports.ts";
import { type CheckVerdict, judge, MIN_DEPOSIT_MICRO } from "./deposit-check.ts";
import { depositTransfer } from "./deposit-qr.ts";
import type { DepositRepository, DepositRow } from "./deposit-repository.ts";
import { microText, textToMicro } from "./token-units.ts";

/**
 * USDT deposits by transaction hash (spec §4 top-up, §7 pay/getDepositQrCode, pay/getUserDepositQrCode,
 * pay/uploadHash, bscHashCheck; issue 15). The server reads each reported transaction from its chain itself and
 * credits the USDT account once the transfer is confirmed:
 * - the transaction succeeded, and carries Transfer events of the chain's configured USDT to its deposit address
 *   (their sum is the amount, in the token's decimals);
 * - it was mined after the order was opened (a top-up: after the account was made, within the top-up window);
 * - at least 0.1 USDT (spec §9), and the chain's confirmations are reached (pending until then);
 * - the hash was never credited: one row per hash across every chain (unique index), credited under the ledger key
 *   `deposit:<chain>:<hash>`, so however often and on however many nodes it is checked, it is credited once.
 * A deposit for an order then pays the order from the account (OrderSettlement.payPending). A node that is down or
 * contradicts itself, and a transaction not mined yet, leave the deposit pending: the sweep checks it again.
 */

/** The reasons after which the owner may report the same hash again (nothing was credited, a retry can succeed). */
const REOPENABLE: readonly DepositReason[] = ["wrongChain", "txNotFound"];

/** How many pending deposits one sweep checks. */
const SWEEP_BATCH = 100;

export interface OpenedOrder {
  orderNo: string;
  priceMicro: number;
  /** what the balance lacks of the price (0 when it covers it) */
  shortfallMicro: number;
}

export interface DepositServiceDeps {
  repository: DepositRepository;
  settings: PaySettings;
  verifiers: ReadonlyMap<string, ChainVerifier>;
  account: UsdtAccount;
  orders: OrderSettlement;
  /** a pending order of the product for the deposit to pay (the purchase service's) */
  openOrder(userId: number, productType: ProductType, productId: number): Promise<OpenedOrder>;
  clock: Clock;
  logger: Logger;
  /** the OFAC sanctions list: a deposit sent from an address on it is refused (sanctionedAddress) */
  sanctions: SanctionsCheck;
}

export interface UploadRequest {
  chargeHash: string;
  chargeChain: string;
  productType?: ProductType | undefined;
  productId?: number | undefined;
  usedPlugin?: string | undefined;
  orderNo?: string | undefined;
}

function notSetUp(): ApiError {
  return new ApiError(ErrorCode.CoinNoRecharge, "paymentsNotConfigured", 400, [], "payments are not set up here");
}

function wrongChain(field: string): ApiError {
  return new ApiError(ErrorCode.CoinNoRecharge, "wrongChain", 400, [{ field, key: "wrongChain" }], "no such chain");
}

function hashUsed(): ApiError {
  return new ApiError(
    ErrorCode.CannotRedeemTwice,
    "hashUsed",
    409,
    [{ field: "chargeHash", key: "hashUsed" }],
    "this transaction was reported already",
  );
}

function orderNotFound(field: string): ApiError {
  return new ApiError(
    ErrorCode.PaymentScenarioMissing,
    "orderNotFound",
    404,
    [{ field, key: "orderNotFound" }],
    "no such order of this account",
  );
}

function depositNotFound(): ApiError {
  return new ApiError(
    ErrorCode.RequestFailed,
    "depositNotFound",
    404,
    [{ field: "hash", key: "depositNotFound" }],
    "no deposit of this account has this hash",
  );
}

const isReason = (value: string | null): value is DepositReason =>
  value !== null && (depositReasons as readonly string[]).includes(value);

export function createDepositService(deps: DepositServiceDeps) {
  const { repository, settings, verifiers, account, orders, clock, logger } = deps;
  const chains = new Map(settings.chains.map((chain) => [chain.code, chain]));

  const configured = () => settings.chains.length > 0;

  function chainOf(code: string | undefined, field: string): PayChain {
    if (!configured()) throw notSetUp();
    const chain = code === undefined ? settings.chains[0] : chains.get(code);
    if (!chain) throw wrongChain(field);
    return chain;
  }

  /** the hash as stored: 0x-form on EVM chains, bare on TRON */
  const canonicalHash = (hash: string, chain: PayChain) => {
    const bare = hash.toLowerCase().replace(/^0x/, "");
    return chain.kind === "evm" ? `0x${bare}` : bare;
  };

  /** the earliest a transfer may have been mined for this deposit */
  async function notBefore(row: DepositRow, order: { createdAt: Date } | undefined): Promise<Date> {
    if (order) return order.createdAt;
    const window = new Date(row.createdAt.getTime() - settings.topUpMaxAgeHours * 3_600_000);
    const created = await repository.userCreatedAt(row.userId);
    return created && created > window ? created : window;
  }

  /** asks the other configured chains of the same hash form whether they know it (a transfer reported on the wrong one) */
  async function foundElsewhere(row: DepositRow): Promise<string | undefined> {
    for (const [code, verifier] of verifiers) {
      const other = chains.get(code);
      if (code === row.chain || !other) continue;
      const hash = canonicalHash(row.txHash, other);
      if (!verifier.accepts(hash)) continue;
      const lookup = await verifier.lookup(hash);
      if (lookup.state === "mined") return code;
    }
    return undefined;
  }

  /** a transaction the chain does not know: on another configured chain, not mined yet, or never (after the deadline) */
  async function notFoundVerdict(row: DepositRow, now: Date): Promise<CheckVerdict> {
    const elsewhere = await foundElsewhere(row);
    if (elsewhere) {
      logger.info({ chain: row.chain, hash: row.txHash, elsewhere }, "deposit reported on another chain");
      return { kind: "failed", reason: "wrongChain" };
    }
    const expired = now.getTime() - row.createdAt.getTime() >= settings.txNotFoundMinutes * 60_000;
    return { kind: expired ? "failed" : "pending", reason: "txNotFound" };
  }

  interface Checked {
    row: DepositRow;
    /** confirmations seen by this check, when it read them */
    confirmations: number | null;
  }

  /** Reads the deposit's transaction and writes the outcome; credits (once) and pays the order when it is confirmed. */
  async function check(row: DepositRow): Promise<Checked> {
    const now = clock.now();
    const chain = chains.get(row.chain);
    const verifier = verifiers.get(row.chain);
    if (!chain || !verifier) {
      // the chain was taken out of the configuration since it was reported
      const settled = await repository.settle(row.id, { status: "failed", reason: "wrongChain", checkedAt: now });
      return { row: settled ?? row, confirmations: null };
    }
    const order = row.orderNo ? await orders.find(row.orderNo) : undefined;
    const lookup = await verifier.lookup(row.txHash);
    const judged = judge(lookup, { chain, notBefore: await notBefore(row, order), sanctions: deps.sanctions });
    const verdict: CheckVerdict = judged.kind === "notFound" ? await notFoundVerdict(row, now) : judged;
    const facts = verdict.chainFacts;
    const chainColumns = facts
      ? {
          blockNumber: facts.blockNumber,
          blockTime: facts.blockTime,
          ...(facts.amountMicro !== undefined && { amountMicro: facts.amountMicro }),
          ...(facts.fromAddress !== undefined && { fromAddress: facts.fromAddress }),
        }
      : {};
    const confirmations = facts?.confirmations ?? null;
    if (verdict.kind === "pending") {
      if (verdict.detail) {
        logger.warn(
          { chain: row.chain, hash: row.txHash, reason: verdict.reason, detail: verdict.detail },
          "deposit check",
        );
      }
      const settled = await repository.settle(row.id, {
        status: "pending",
        reason: verdict.reason,
        checkedAt: now,
        ...chainColumns,
      });
      return { row: settled ?? row, confirmations };
    }
    if (verdict.kind === "failed") {
      const settled = await repository.settle(row.id, {
        status: "failed",
        reason: verdict.reason,
        checkedAt: now,
        ...chainColumns,
      });
      logger.info({ chain: row.chain, hash: row.txHash, reason: verdict.reason }, "deposit failed");
      return { row: settled ?? row, confirmations };
    }
    const amountMicro = verdict.chainFacts.amountMicro;
    // credited before the row says so: a check cut off here is finished by the next, the ledger key keeping it once
    await account.apply({
      userId: row.userId,
      amountMicro,
      reason: "deposit",
      reference: row.txHash,
      idempotencyKey: `deposit:${row.chain}:${row.txHash}`,
    });
    let reason: DepositReason | null = null;
    if (row.orderNo) {
      // a paid order answers success again (a check cut off after paying it is finished so); a failed one cannot be paid
      const payable = order?.status === "pending" || order?.status === "success";
      const outcome = payable ? await orders.payPending(row.orderNo) : "failed";
      reason = outcome === "success" ? null : outcome === "pending" ? "amountTooSmall" : "orderNotPayable";
    }
    const settled = await repository.settle(row.id, {
      status: "confirmed",
      reason,
      checkedAt: now,
      confirmedAt: now,
      ...chainColumns,
    });
    logger.info({ chain: row.chain, hash: row.txHash, amountMicro, orderNo: row.orderNo, reason }, "deposit credited");
    return { row: settled ?? row, confirmations };
  }

  async function answer({ row, confirmations }: Checked): Promise<DepositStatusData> {
    const chain = chains.get(row.chain);
    const reason = isReason(row.reason) ? row.reason : null;
    const status =
      row.status === "pending" ? "pending" : row.status === "confirmed" && reason === null ? "success" : "failed";
    const order = row.orderNo ? await orders.find(row.orderNo) : undefined;
    return {
      status,
      reason,
      chain: row.chain,
      txHash: row.txHash,
      orderNo: row.orderNo,
      orderStatus: order ? (order.status === "success" || order.status === "pending" ? order.status : "failed") : null,
      amount: row.amountMicro === null ? null : microText(row.amountMicro),
      credited: row.status === "confirmed" && row.amountMicro !== null ? microText(row.amountMicro) : "0",
      confirmations,
      requiredConfirmations: chain?.confirmations ?? 0,
      balance: microText(await account.balance(row.userId)),
    };
  }

  /**
   * The order a report names: by number, else the user's newest pending order of the product; none for a top-up.
   * An order that is no longer pending takes no deposit: the transfer then tops the balance up.
   */
  async function orderOfReport(userId: number, report: UploadRequest): Promise<string | null> {
    if (report.orderNo) {
      const order = await orders.find(report.orderNo);
      if (!order || order.userId !== userId) throw orderNotFound("orderNo");
      return order.status === "pending" ? report.orderNo : null;
    }
    if (report.productType && report.productId !== undefined) {
      const orderNo = await repository.pendingOrderOf(userId, report.productType, report.productId);
      if (!orderNo) throw orderNotFound("productId");
      return orderNo;
    }
    return null;
  }

  async function qrData(
    chain: PayChain,
    amountMicro: number | null,
    order: OpenedOrder | null,
  ): Promise<DepositQrCodeData> {
    const transfer = await depositTransfer(chain, amountMicro);
    return {
      qrCode: transfer.qrCode,
      uri: transfer.uri,
      depositAddress: chain.depositAddress,
      amount: amountMicro === null ? null : microText(amountMicro),
      chain: chain.code,
      chainId: chain.chainId,
      orderNo: order?.orderNo ?? null,
      price: order ? microText(order.priceMicro) : null,
      transferData: transfer.transferData,
      confirmations: chain.confirmations,
    };
  }

  return {
    configured,

    /** the chains for the products list (the purchase service's PaymentOptions.usdtChains) */
    usdtChains: () =>
      settings.chains.map((chain) => ({ chain: chain.code, chainId: chain.chainId, tokenDecimals: chain.decimals })),

    /** GET pay/getSupportedCoinList */
    supportedCoins(): { configured: boolean; relatedCoins: RelatedCoin[]; minUsdt: string } {
      return {
        configured: configured(),
        relatedCoins: settings.chains.map((chain) => ({
          coinCode: DEPOSIT_COIN,
          mainNetwork: chain.code,
          contact: chain.usdt,
          chainId: chain.chainId,
          decimals: chain.decimals,
          depositAddress: chain.depositAddress,
          confirmations: chain.confirmations,
          kind: chain.kind,
        })),
        minUsdt: microText(MIN_DEPOSIT_MICRO),
      };
    },

    /** POST pay/getDepositQrCode: opens the pending order; the amount is what the balance lacks (at least 0.1 USDT) */
    async depositQrCode(
      userId: number,
      body: { productType: ProductType; productId: number; chain?: string | undefined },
    ): Promise<DepositQrCodeData> {
      const chain = chainOf(body.chain, "chain");
      const order = await deps.openOrder(userId, body.productType, body.productId);
      return qrData(chain, Math.max(order.shortfallMicro, MIN_DEPOSIT_MICRO), order);
    },

    /** POST pay/getUserDepositQrCode: a top-up, with or without an amount */
    async userDepositQrCode(body: {
      chain?: string | undefined;
      amount?: string | undefined;
    }): Promise<DepositQrCodeData> {
      const chain = chainOf(body.chain, "chain");
      const amountMicro = body.amount === undefined ? null : textToMicro(body.amount);
      if (amountMicro !== null && amountMicro < MIN_DEPOSIT_MICRO) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "amountTooSmall",
          400,
          [{ field: "amount", key: "amountTooSmall" }],
          "a top-up is at least 0.1 USDT",
        );
      }
      return qrData(chain, amountMicro, null);
    },

    /** POST pay/uploadHash: records the report and checks it at once */
    async upload(userId: number, report: UploadRequest): Promise<DepositStatusData> {
      const chain = chainOf(report.chargeChain, "chargeChain");
      const txHash = canonicalHash(report.chargeHash, chain);
      let row = await repository.byHash(txHash);
      if (row) {
        if (row.userId !== userId) throw hashUsed();
        const reopenable = row.status === "failed" && REOPENABLE.some((reason) => reason === row?.reason);
        if (!reopenable) {
          // one transfer pays one order; the same report again answers what the deposit is now, credited once
          if (report.orderNo && row.orderNo && report.orderNo !== row.orderNo) throw hashUsed();
          return answer(row.status === "pending" ? await check(row) : { row, confirmations: null });
        }
      }
      const orderNo = await orderOfReport(userId, report);
      const now = clock.now();
      if (row) {
        const reported = { chain: chain.code, txHash, depositAddress: chain.depositAddress, orderNo, createdAt: now };
        row = (await repository.reopen(row.id, reported, REOPENABLE)) ?? row;
      } else {
        row = await repository.insert({
          userId,
          chain: chain.code,
          txHash,
          depositAddress: chain.depositAddress,
          orderNo,
          usedPlugin: report.usedPlugin ?? null,
          createdAt: now,
        });
        // a report of the same hash won the race: answer as if it came first
        row ??= await repository.byHash(txHash);
        if (!row) throw new Error("a deposit row vanished");
      }
      if (row.userId !== userId) throw hashUsed();
      return answer(row.status === "pending" ? await check(row) : { row, confirmations: null });
    },

    /** GET bscHashCheck: the caller's deposit by hash, checked again while pending */
    async hashCheck(userId: number, query: { hash: string; chain?: string | undefined }): Promise<DepositStatusData> {
      if (!configured()) throw notSetUp();
      if (query.chain !== undefined) chainOf(query.chain, "chain");
      const row = await repository.byHash(query.hash.toLowerCase());
      if (!row || row.userId !== userId) throw depositNotFound();
      return answer(row.status === "pending" ? await check(row) : { row, confirmations: null });
    },

    /** Checks the pending deposits again (the background job's work); how many it checked on chain. */
    async sweep(): Promise<number> {
      if (!configured()) return 0;
      const rows = await repository.pending(SWEEP_BATCH);
      // a chain whose node did not answer is not asked again in this sweep: its deposits wait for the next
      const unreachable = new Set<string>();
      let checked = 0;
      for (const row of rows) {
        if (unreachable.has(row.chain)) continue;
        try {
          const { row: after } = await check(row);
          if (after.status === "pending" && after.reason === "rpcUnavailable") unreachable.add(row.chain);
          checked += 1;
        } catch (error) {
          logger.warn({ err: error, chain: row.chain, hash: row.txHash }, "deposit sweep: a check failed");
        }
      }
      return checked;
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
