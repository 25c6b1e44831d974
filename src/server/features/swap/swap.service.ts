import { randomBytes } from "node:crypto";
import { formatUnits, getAddress, type Hex, isAddress, TransactionNotFoundError } from "viem";
import { ErrorCode } from "../../../contract/errors.ts";
import {
  type ChainEntry,
  NATIVE_TOKEN_ADDRESS,
  type QuoteQuery,
  type SwapOrder,
  type SwapOrderStatus,
  type SwapQuote,
  type SwapToken,
  type TxRequest,
  type WalletAssetsData,
} from "../../../contract/swap.ts";
import { ApiError } from "../../api-error.ts";
import type { SwapSettings } from "../../config-swap.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Logger } from "../../logger.ts";
import { type Clock, startOfUtcDay } from "../../providers/clock.ts";
import {
  QuoteError,
  type QuoteFailure,
  type QuoteRequest,
  type QuoteSource,
  type SourceQuote,
  type TxData,
} from "../../providers/swap/quote-source.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import { refuseSanctioned } from "../compliance/sanctions-error.ts";
import { newOrderNo } from "../pay/order-queries.ts";
import type { ChainTable, TokenLists, WalletBalances } from "./ports.ts";
import {
  type OrderTxs,
  type QuoteTokenRow,
  readToken,
  readTxs,
  type SwapOrderRow,
  type SwapOrdersRepository,
} from "./swap-orders.repository.ts";
import { type ChainTx, matchesOrder, type SwapTracker } from "./swap-tracker.ts";
import {
  approveCalldata,
  chainNotSupported,
  coinNotSwappable,
  exchangeAddress,
  highSlippage,
  invalidField,
  isContractCode,
  isNative,
  kycNeeded,
  mostTelling,
  noSourcesConfigured,
  orderNotFound,
  quoteExpired,
  quoteFailure,
  rateOf,
  sameAddress,
  slippageBps,
  toRawAmount,
} from "./swap-validation.ts";

/**
 * Swaps from the user's own wallet (issue 16; spec §3 swap order, §4 statuses, §5 validation, §7 routes). The server
 * never signs: it quotes through every configured source at once and keeps the best answer, builds the approval
 * (of exactly the amount) and the swap transaction for the wallet, and follows the hashes the wallet reports
 * (swap-tracker.ts). Quotes are kept in the database so that any node builds the order from what the user saw.
 */

export interface SwapServiceDeps {
  repository: SwapOrdersRepository;
  chains: ChainTable;
  tokens: TokenLists;
  balances: WalletBalances;
  sources: readonly QuoteSource[];
  tracker: SwapTracker;
  settings: SwapSettings;
  /** the USD price of a token by its symbol (the market feed's), undefined when unknown */
  usdPrice(symbol: string): number | undefined;
  clock: Clock;
  logger: Logger;
  /** the OFAC sanctions list: a wallet on it neither swaps nor receives (3001 sanctionedAddress) */
  sanctions?: SanctionsCheck;
}

export interface SwapDataBody {
  quoteId: string;
  fromAddress: string;
  toAddress?: string | undefined;
  requestId?: string | undefined;
}

export interface SwapDataAnswer {
  order: SwapOrder;
  approveTx: TxRequest | null;
  swapTx: TxRequest;
}

/** Gas an ERC-20 approval takes at most, for the gas check when an approval goes first. */
const APPROVE_GAS = 60_000n;

const newQuoteId = () => `q${randomBytes(12).toString("hex")}`;

/** The chain's node did not answer a read the request needs. */
const nodeUnavailable = (message: string) => new ApiError(ErrorCode.RequestFailed, "rpcUnavailable", 502, [], message);

const addressMismatch = (field: string) =>
  invalidField(field, "addressMismatch", "the address is not the one the quote was made for");

function failureOf(error: unknown): QuoteFailure {
  if (error instanceof QuoteError) return error.reason;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return "quoteServiceUnreachable";
  }
  return "swapQuoteError";
}

const RAW = /^\d{1,78}$/;
/** the source's amounts are raw integers (a source answering otherwise is a source error, never a 500) */
const wellFormed = (quote: SourceQuote) =>
  RAW.test(quote.toAmount) &&
  RAW.test(quote.toAmountMin) &&
  RAW.test(quote.feeAmount) &&
  (quote.gasNative === null || RAW.test(quote.gasNative)) &&
  BigInt(quote.toAmount) > 0n;

/** Resolves with the source's answer, or rejects once the timeout passes even if the source ignores its signal. */
async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${ms} ms`);
      error.name = "TimeoutError";
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createSwapService(deps: SwapServiceDeps) {
  const { repository, chains, tokens, balances, sources, tracker, settings, clock, logger } = deps;

  function swappableChain(chainId: number, field: string): ChainEntry {
    const chain = chains.byId(chainId);
    if (!chain?.isEvm || !chain.swappable) throw chainNotSupported(field);
    return chain;
  }

  /** the chain's token at the address (the native coin's placeholder answers the native coin), if it may be swapped */
  async function resolveToken(chain: ChainEntry, address: string, field: string): Promise<SwapToken> {
    let token: SwapToken | undefined;
    try {
      token = await tokens.find(chain.chainId, address);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      logger.warn({ err: error, chainId: chain.chainId, address }, "swap: the token could not be read from its chain");
      throw nodeUnavailable("the token could not be read from its chain");
    }
    if (!token?.isEnable) throw coinNotSwappable(field);
    return token;
  }

  /** a token's address as orders and sources take it: the native coin's placeholder, else checksummed */
  const tokenAddress = (address: string): `0x${string}` =>
    isNative(address) ? NATIVE_TOKEN_ADDRESS : getAddress(address);

  const tokenRow = (token: SwapToken): QuoteTokenRow => ({
    address: tokenAddress(token.address),
    symbol: token.symbol,
    decimals: token.decimals,
    chainId: token.chainId,
    logoURI: token.logoURI,
  });

  const tokenRef = (token: SwapToken) => ({
    address: tokenAddress(token.address),
    decimals: token.decimals,
    symbol: token.symbol,
  });

  /**
   * spec §5: a receive address must not be where funds are lost: one of the pair's tokens, a router or spender the
   * quote names, or any contract other than the sending wallet itself (eth_getCode on the receiving chain; a node
   * that does not answer is logged and the check left to the others).
   */
  function checkKnown(address: string, known: readonly (string | null | undefined)[], field: string): void {
    if (known.some((other) => sameAddress(other, address))) throw exchangeAddress(field);
  }

  /**
   * The contract check of a receive address other than the sending wallet (a wallet receiving into itself is fine,
   * even a contract wallet).
   */
  async function checkNotContract(address: string, chainId: number, field: string): Promise<void> {
    const client = chains.client(chainId);
    if (!client) return;
    let code: Hex | undefined;
    try {
      code = await client.getCode({ address: getAddress(address) });
    } catch (error) {
      logger.warn({ err: error, chainId }, "swap: eth_getCode of the receive address failed; not checked");
      return;
    }
    if (isContractCode(code)) throw exchangeAddress(field);
  }

  const sourceSpenders = (quote: SourceQuote) => [quote.approvalSpender, quote.tx?.to];
  const routers = () => [settings.uniswapV2?.router];

  function usdValue(token: QuoteTokenRow, amount: string): number | null {
    const price = deps.usdPrice(token.symbol);
    return price === undefined ? null : price * Number(amount);
  }

  function view(row: SwapOrderRow): SwapOrder {
    const iso = (date: Date) => date.toISOString();
    return {
      orderId: row.orderId,
      type: row.type === "limit" ? "limit" : "market",
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      source: row.source,
      fromChainId: row.fromChainId,
      toChainId: row.toChainId,
      fromToken: readToken(row.fromToken),
      toToken: readToken(row.toToken),
      fromAmount: row.fromAmount,
      toAmount: row.toAmount,
      toAmountMin: row.toAmountMin,
      receivedAmount: row.receivedAmount,
      fromAddress: row.fromAddress,
      toAddress: row.toAddress,
      approveHash: row.approveHash,
      transferOutHash: row.transferOutHash,
      transferInHash: row.transferInHash,
      transferOutUrl: row.transferOutHash ? chains.txUrl(row.fromChainId, row.transferOutHash) : null,
      transferInUrl: row.transferInHash ? chains.txUrl(row.toChainId, row.transferInHash) : null,
      status: row.status as SwapOrderStatus,
      statusReason: row.statusReason,
    };
  }

  function answerOf(row: SwapOrderRow): SwapDataAnswer {
    const txs = readTxs(row.txs);
    return { order: view(row), approveTx: txs.approveTx, swapTx: txs.swapTx };
  }

  async function ownOrder(userId: number, orderId: string): Promise<SwapOrderRow> {
    const row = await repository.byOrderId(orderId);
    if (!row || row.userId !== userId) throw orderNotFound();
    return row;
  }

  async function quote(query: QuoteQuery, userId: number | undefined): Promise<{ quote: SwapQuote }> {
    refuseSanctioned(deps.sanctions, query.fromAddress, "fromAddress");
    refuseSanctioned(deps.sanctions, query.toAddress, "toAddress");
    // no source configured: no chain is swappable here, and no quote can be given (never a made-up one)
    if (sources.length === 0) throw noSourcesConfigured();
    const fromChain = swappableChain(query.fromChainId, "fromChainId");
    const toChain = swappableChain(query.toChainId, "toChainId");
    if (query.fromChainId === query.toChainId && sameAddress(query.fromToken, query.toToken)) {
      throw invalidField("toToken", "unsupportedSwapPair", "the token cannot be swapped for itself");
    }
    const [fromToken, toToken] = await Promise.all([
      resolveToken(fromChain, query.fromToken, "fromToken"),
      resolveToken(toChain, query.toToken, "toToken"),
    ]);
    const raw = toRawAmount(query.amount, fromToken.decimals);
    const fromAddress = query.fromAddress ? getAddress(query.fromAddress) : undefined;
    const toAddress = query.toAddress ? getAddress(query.toAddress) : fromAddress;
    const pairTokens = [fromToken.address, toToken.address].filter((address) => !isNative(address));
    if (toAddress) checkKnown(toAddress, [...pairTokens, ...routers()], "toAddress");
    // a separate receiver is checked for code while the sources are asked
    const receiverChecked =
      toAddress && !sameAddress(toAddress, fromAddress)
        ? checkNotContract(toAddress, toChain.chainId, "toAddress")
        : Promise.resolve();

    const chainsOf = { fromChainId: fromChain.chainId, toChainId: toChain.chainId };
    const able = sources.filter((source) => source.supports(chainsOf));
    // a source that quotes only for a known wallet (LI.FI) is left out of an indicative quote
    const asked = able.filter((source) => fromAddress !== undefined || !source.needsWallet);
    if (able.length === 0 || asked.length === 0) {
      await receiverChecked;
      if (able.length === 0) {
        throw invalidField("toChainId", "unsupportedSwapPair", "no configured source swaps between these chains");
      }
      throw invalidField("fromAddress", "connectWalletForQuote", "the sources of this route quote only for a wallet");
    }
    const request: QuoteRequest = {
      ...chainsOf,
      fromToken: tokenRef(fromToken),
      toToken: tokenRef(toToken),
      amount: raw.toString(),
      slippageBps: slippageBps(query.slippage),
      fromAddress,
      toAddress,
      feeBps: settings.feeBps,
      feeRecipient: settings.feeRecipient,
      integrator: settings.integrator,
    };
    const [, answers] = await Promise.all([
      receiverChecked,
      Promise.all(
        asked.map(async (source) => {
          try {
            const answer = await withTimeout(settings.quoteTimeoutMs, (signal) => source.quote(request, signal));
            if (!wellFormed(answer)) throw new Error(`${source.id} answered amounts that are not raw integers`);
            return { source, answer, failure: undefined };
          } catch (error) {
            const failure = failureOf(error);
            if (!(error instanceof QuoteError)) logger.warn({ err: error, source: source.id }, "swap quote failed");
            return { source, answer: undefined, failure };
          }
        }),
      ),
    ]);
    let best: { source: QuoteSource; answer: SourceQuote } | undefined;
    for (const { source, answer } of answers) {
      if (answer && (!best || BigInt(answer.toAmount) > BigInt(best.answer.toAmount))) best = { source, answer };
    }
    if (!best) {
      const reasons = answers.flatMap(({ failure }) => (failure ? [failure] : []));
      const reason = mostTelling(reasons);
      logger.info({ reasons, pair: [fromToken.symbol, toToken.symbol] }, "swap: no source quoted");
      throw quoteFailure(reason, `no quote: ${reason}`);
    }
    const chosen = best;
    if (toAddress) {
      const spenders = sourceSpenders(chosen.answer);
      if (spenders.some((spender) => sameAddress(spender, toAddress))) throw exchangeAddress("toAddress");
    }

    const now = clock.now();
    const expiresAt = new Date(now.getTime() + settings.quoteTtlSeconds * 1000);
    const quoteId = newQuoteId();
    const toAmount = BigInt(chosen.answer.toAmount);
    const feeAmount = BigInt(chosen.answer.feeAmount);
    const shown: SwapQuote = {
      quoteId,
      source: chosen.answer.source,
      fromToken: tokenRow(fromToken),
      toToken: tokenRow(toToken),
      fromAmount: formatUnits(raw, fromToken.decimals),
      toAmount: formatUnits(toAmount, toToken.decimals),
      toAmountMin: formatUnits(BigInt(chosen.answer.toAmountMin), toToken.decimals),
      rate: rateOf(raw, fromToken.decimals, toAmount, toToken.decimals),
      slippage: query.slippage,
      gasNative:
        chosen.answer.gasNative === null ? null : formatUnits(BigInt(chosen.answer.gasNative), fromChain.decimals),
      gasUsd: chosen.answer.gasUsd,
      route: chosen.answer.route,
      estimatedSeconds: Math.max(0, Math.round(chosen.answer.estimatedSeconds)),
      // the fee the source took; a source that takes none shows 0, never a fee that was not charged
      fee: { bps: feeAmount > 0n ? settings.feeBps : 0, amount: formatUnits(feeAmount, fromToken.decimals) },
      approval:
        chosen.answer.approvalSpender && !isNative(fromToken.address)
          ? { spender: getAddress(chosen.answer.approvalSpender), amount: raw.toString() }
          : null,
      warnings: highSlippage(query.slippage) ? ["highSlippage"] : [],
      compared: answers
        .filter(({ source }) => source !== chosen.source)
        .map(({ source, answer, failure }) => ({
          source: answer?.source ?? source.label,
          toAmount: answer ? formatUnits(BigInt(answer.toAmount), toToken.decimals) : null,
          reason: failure ?? null,
        })),
      quotedAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
    await repository.insertQuote({
      quoteId,
      userId: userId ?? null,
      source: chosen.source.id,
      payload: { sourceId: chosen.source.id, request, sourceQuote: chosen.answer, shown },
      createdAt: now,
      expiresAt,
    });
    return { quote: shown };
  }

  /** the wallet's native and sold-token balances, raw; undefined when the node does not answer (the wallet will tell) */
  async function readFunds(
    owner: `0x${string}`,
    chainId: number,
    sold: QuoteTokenRow,
  ): Promise<{ native: bigint; sold: bigint } | undefined> {
    try {
      const native = isNative(sold.address);
      const [nativeBalance, soldBalance] = await Promise.all([
        balances.balanceOf(owner, chainId, NATIVE_TOKEN_ADDRESS),
        native ? undefined : balances.balanceOf(owner, chainId, getAddress(sold.address)),
      ]);
      return { native: nativeBalance, sold: soldBalance ?? nativeBalance };
    } catch (error) {
      logger.warn({ err: error, chainId }, "swap: balances not read; the wallet will tell");
      return undefined;
    }
  }

  /**
   * The balances the order needs, where the node answered: the sold token covers the amount (Insufficientbalance),
   * the native coin covers the value and the gas (gasNotEnough).
   */
  function checkFunds(
    funds: { native: bigint; sold: bigint },
    amount: bigint,
    swapTx: TxData,
    gasNative: string | null,
    gasPrice: bigint | undefined,
    withApproval: boolean,
  ): void {
    if (funds.sold < amount) {
      throw invalidField("fromAddress", "Insufficientbalance", "the wallet holds less than the amount");
    }
    let gas: bigint | undefined;
    if (gasNative !== null) gas = BigInt(gasNative);
    else if (swapTx.gas !== null && gasPrice !== undefined) gas = BigInt(swapTx.gas) * gasPrice;
    if (gas === undefined) return;
    if (withApproval && gasPrice !== undefined) gas += APPROVE_GAS * gasPrice;
    if (funds.native < BigInt(swapTx.value) + gas) {
      throw invalidField("fromAddress", "gasNotEnough", "the wallet lacks the chain's coin for the gas");
    }
  }

  async function swapData(userId: number, body: SwapDataBody): Promise<SwapDataAnswer> {
    refuseSanctioned(deps.sanctions, body.fromAddress, "fromAddress");
    refuseSanctioned(deps.sanctions, body.toAddress, "toAddress");
    if (body.requestId) {
      const existing = await repository.byRequest(userId, body.requestId);
      if (existing) return answerOf(existing);
    }
    const now = clock.now();
    const kept = await repository.quote(body.quoteId);
    if (!kept || (kept.userId !== null && kept.userId !== userId) || kept.expiresAt <= now) throw quoteExpired();
    const { request, sourceQuote, shown, sourceId } = kept.payload;
    const source = sources.find((s) => s.id === sourceId);
    if (!source) throw quoteExpired();
    if (request.fromAddress && !sameAddress(request.fromAddress, body.fromAddress))
      throw addressMismatch("fromAddress");
    if (request.toAddress && body.toAddress && !sameAddress(request.toAddress, body.toAddress)) {
      throw addressMismatch("toAddress");
    }
    const fromAddress = getAddress(body.fromAddress);
    const toAddress = getAddress(request.toAddress ?? body.toAddress ?? fromAddress);
    const fromChain = swappableChain(request.fromChainId, "quoteId");
    const fromToken = readToken(shown.fromToken);
    const toToken = readToken(shown.toToken);
    let receiverChecked: Promise<void> = Promise.resolve();
    if (!request.toAddress) {
      // the quote was indicative (no address): the receive address is checked now, a separate one for code while the
      // daily limit is read and the transaction built
      const pair = [fromToken.address, toToken.address].filter((address) => !isNative(address));
      checkKnown(toAddress, [...pair, ...routers(), ...sourceSpenders(sourceQuote)], "toAddress");
      if (!sameAddress(toAddress, fromAddress)) {
        receiverChecked = checkNotContract(toAddress, request.toChainId, "toAddress");
      }
    }

    // spec §8 331: the account's swaps of the UTC day (at the market's prices) past the exchange daily limit
    const usd = usdValue(fromToken, shown.fromAmount);
    if (usd === null)
      logger.info({ userId, symbol: fromToken.symbol }, "swap: no USD price; counted 0 toward the daily limit");
    const full = { ...request, fromAddress, toAddress };
    const build = async (): Promise<TxData> => {
      const used = await repository.usdSince(userId, startOfUtcDay(now));
      if (used + (usd ?? 0) > settings.dailyLimitUsd) throw kycNeeded(settings.dailyLimitUsd);
      if (
        sourceQuote.tx &&
        sameAddress(request.fromAddress, fromAddress) &&
        sameAddress(request.toAddress, toAddress)
      ) {
        return sourceQuote.tx;
      }
      try {
        return await withTimeout(settings.quoteTimeoutMs, (signal) => source.buildTx(full, sourceQuote, signal));
      } catch (error) {
        const reason = failureOf(error);
        if (!(error instanceof QuoteError)) logger.warn({ err: error, source: source.id }, "swap: building failed");
        throw quoteFailure(reason, `the transaction could not be built: ${reason}`);
      }
    };
    const [, txData] = await Promise.all([receiverChecked, build()]);
    if (sameAddress(txData.to, toAddress)) throw exchangeAddress("toAddress");

    const amount = BigInt(request.amount);
    const spender = isNative(fromToken.address) ? null : sourceQuote.approvalSpender;
    const gasNative = sourceQuote.gasNative;
    // the gas price prices the swap's gas when the source gave none in the coin, else only an approval's
    const needsGasPrice = gasNative === null ? txData.gas !== null : spender !== null;
    const [allowance, funds, gasPrice] = await Promise.all([
      spender
        ? balances.allowance(fromAddress, spender, fromChain.chainId, getAddress(fromToken.address)).catch((error) => {
            // unknown: the approval of exactly the amount is handed over (it never grants more than this swap)
            logger.warn({ err: error, chainId: fromChain.chainId }, "swap: allowance not read; approval included");
            return 0n;
          })
        : undefined,
      readFunds(fromAddress, fromChain.chainId, fromToken),
      needsGasPrice
        ? chains
            .client(fromChain.chainId)
            ?.getGasPrice()
            .catch(() => undefined)
        : undefined,
    ]);
    const approveTx: TxRequest | null =
      spender && allowance !== undefined && allowance < amount
        ? {
            chainId: fromChain.chainId,
            from: fromAddress,
            to: getAddress(fromToken.address),
            data: approveCalldata(spender, amount),
            value: "0",
            gas: null,
          }
        : null;
    if (funds) checkFunds(funds, amount, txData, gasNative, gasPrice, approveTx !== null);

    const swapTx: TxRequest = {
      chainId: fromChain.chainId,
      from: fromAddress,
      to: getAddress(txData.to),
      data: txData.data,
      value: txData.value,
      gas: txData.gas,
    };
    const txs: OrderTxs = { quoteId: body.quoteId, sourceId, approveTx, swapTx, build: sourceQuote.build };
    const inserted = await repository.insertOrder({
      // SW, the UTC time to the second, and 8 random hex digits (readable, unique by its index)
      orderId: newOrderNo("SW", now),
      userId,
      requestId: body.requestId ?? null,
      source: shown.source,
      fromChainId: request.fromChainId,
      toChainId: request.toChainId,
      fromToken,
      toToken,
      fromAmount: shown.fromAmount,
      toAmount: shown.toAmount,
      toAmountMin: shown.toAmountMin,
      fromAddress,
      toAddress,
      txs,
      usdValue: usd,
      createdAt: now,
    });
    const row = inserted ?? (body.requestId ? await repository.byRequest(userId, body.requestId) : undefined);
    if (!row) throw new Error("the swap order was neither inserted nor found");
    if (inserted) {
      logger.info({ orderId: row.orderId, userId, source: row.source, usd }, "swap order opened");
    }
    return answerOf(row);
  }

  /**
   * A hash the wallet sent for an order. An approval's is kept. A swap's is checked on the order's chain when the
   * node knows it already (sender, target and chain must be the order's), recorded, and the order checked at once.
   */
  async function addTransData(
    userId: number,
    body: { orderId: string; hash: string; kind: "approve" | "swap" },
  ): Promise<SwapOrder> {
    const row = await ownOrder(userId, body.orderId);
    const hash = body.hash.toLowerCase() as Hex;
    const now = clock.now();
    if (body.kind === "approve") {
      if (row.status !== "awaiting_deposit" || row.approveHash === hash) return view(row);
      const updated = await repository.update(row.id, row.status, { approveHash: hash, updatedAt: now });
      return view(updated ?? row);
    }
    if (row.transferOutHash) {
      if (row.transferOutHash === hash) return view(tracker.isDue(row) ? await tracker.check(row) : row);
      throw invalidField("hash", "swapTxMismatch", "the order has another swap transaction", 409);
    }
    const notPayable = () => invalidField("orderId", "orderNotPayable", "the order was cancelled", 409);
    if (row.status !== "awaiting_deposit" && row.status !== "timeout" && row.status !== "cancelled") throw notPayable();
    const client = chains.client(row.fromChainId);
    let tx: ChainTx | undefined;
    if (client) {
      try {
        tx = await client.getTransaction({ hash });
      } catch (error) {
        // not seen yet (or the node is down): recorded; the tracker checks it, and times it out if it never appears
        if (!(error instanceof TransactionNotFoundError)) {
          logger.warn({ err: error, orderId: row.orderId }, "swap: the reported transaction could not be read yet");
        }
      }
      if (tx && !matchesOrder(tx, row)) {
        throw invalidField("hash", "swapTxMismatch", "the transaction is not the order's swap");
      }
    }
    // the hash is recorded on an order without one that is open, timed out (the tracker gave up on it before the
    // wallet reported), or cancelled when its very swap is on chain (the wallet had sent it already)
    const recordable = (current: SwapOrderRow) =>
      !current.transferOutHash &&
      (current.status === "awaiting_deposit" ||
        current.status === "timeout" ||
        (current.status === "cancelled" && tx !== undefined));
    if (!recordable(row)) throw notPayable();
    const record = async (from: string) => {
      try {
        return await repository.update(row.id, from, {
          transferOutHash: hash,
          status: "pending",
          statusReason: null,
          updatedAt: now,
          checkedAt: null,
        });
      } catch (error) {
        // a hash another order holds already is refused by the unique index
        if (isUniqueViolation(error)) {
          throw invalidField("hash", "swapTxMismatch", "the transaction belongs to another order", 409);
        }
        throw error;
      }
    };
    let updated = await record(row.status);
    if (!updated) {
      // the order moved meanwhile (the tracker timed it out, the user cancelled it): recorded from there, once
      const current = await repository.byId(row.id);
      if (current && recordable(current)) updated = await record(current.status);
      if (!updated) return view((await repository.byId(row.id)) ?? current ?? row);
    }
    logger.info({ orderId: row.orderId, hash }, "swap transaction reported");
    return view(await tracker.check(updated, tx));
  }

  return {
    quote,
    swapData,
    addTransData,

    chainList: () => ({ chains: chains.all() }),

    async tokenList(chainId: number) {
      if (!chains.byId(chainId)) throw chainNotSupported("chainId");
      const list = await tokens.list(chainId);
      return { chainId, tokens: list.tokens, source: list.source };
    },

    async walletAssets(query: {
      address: string;
      chainId: number;
      tokens?: string | undefined;
    }): Promise<WalletAssetsData> {
      const chain = chains.byId(query.chainId);
      if (!chain?.isEvm) throw chainNotSupported("chainId");
      const extra = (query.tokens ?? "")
        .split(",")
        .map((token) => token.trim())
        .filter(Boolean);
      if (extra.length > 250) throw invalidField("tokens", "invalidValue", "at most 250 tokens");
      for (const token of extra) {
        if (!isAddress(token)) throw invalidField("tokens", "invalidAddress", `not an address: ${token.slice(0, 42)}`);
      }
      return balances.assets(
        getAddress(query.address),
        query.chainId,
        extra.map((token) => getAddress(token)),
      );
    },

    async orders(userId: number, paging: { page: number; pageNum: number }) {
      const { rows, total } = await repository.page(userId, (paging.page - 1) * paging.pageNum, paging.pageNum);
      return { lists: rows.map(view), total };
    },

    /** the order as it is; checked on chain and at the aggregator first when a check is due */
    async orderStatus(userId: number, orderId: string): Promise<SwapOrder> {
      const row = await ownOrder(userId, orderId);
      return view(tracker.isDue(row) ? await tracker.check(row) : row);
    },

    /**
     * cancels an order whose swap was not reported (spec §4 cancelled; a timed-out one too); one with a swap hash is
     * orderNotCancellable
     */
    async cancel(userId: number, orderId: string): Promise<SwapOrder> {
      const row = await ownOrder(userId, orderId);
      if (row.status === "cancelled") return view(row);
      if (row.transferOutHash) throw invalidField("orderId", "orderNotCancellable", "the swap was sent already", 409);
      const updated = await repository.update(row.id, row.status, { status: "cancelled", updatedAt: clock.now() });
      if (!updated) throw invalidField("orderId", "orderNotCancellable", "the order moved on meanwhile", 409);
      logger.info({ orderId: row.orderId }, "swap order cancelled");
      return view(updated);
    },
  };
}

export type SwapService = ReturnType<typeof createSwapService>;
