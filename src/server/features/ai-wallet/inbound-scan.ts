import { getAddress, type PublicClient, parseAbiItem } from "viem";
import { NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import { chunks } from "../../chunks.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { Timers } from "../../providers/timers.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import type { AiWalletsRepository } from "./ai-wallets.repository.ts";
import type { FrozenRepository, FrozenTransfer } from "./frozen.repository.ts";

/**
 * The inbound scan: finds the coins an address on the sanctions list sent to an AI wallet unasked, and freezes them
 * (frozen.repository.ts; the checks of frozen-funds.ts keep them from being withdrawn, swapped or exported).
 *
 * Every AI_WALLET_SCAN_EVERY_MS, on one node at a time (the `ai-wallet-scan` lease), each chain of the AI wallet is
 * read from its cursor (the last block read) + 1 up to the head, at most SCAN_BLOCKS_PER_PASS blocks a pass, so a
 * long gap catches up over several passes. A chain's first pass only stores the head as its cursor. Read:
 * - the ERC-20 Transfer logs to an AI wallet, of any token (eth_getLogs with the `to` topic filtered to the
 *   wallets, SCAN_ADDRESSES_PER_QUERY at a time). Any token, not only the token list's: a withdrawal or swap may
 *   name any ERC-20 (unlisted ones are read from the chain), so coins of an unlisted token from a listed address
 *   must be frozen too. ERC-721 transfers (the same event with the token id indexed) do not decode and are left out;
 * - the blocks' transactions that send the chain's coin to an AI wallet (value > 0; the wallet has no code, so an
 *   included transaction to it always moved its value).
 * A transfer is frozen when its sender, or the transaction's sender (a listed address paying through a router or
 * a contract), is on the sanctions list: one row a transfer (idempotent on chain, transaction and log), an audit
 * row (freeze_inbound) and a warning in the log. The cursor moves only after the blocks were processed; a node
 * error is logged, the cursor stays, and the next pass reads the same blocks again (stored rows are not doubled).
 *
 * Not seen: the chain's coin sent by a contract in an internal call (a contract wallet, a mixer's withdrawal); those
 * leave no log and no transaction to the wallet, and only a node's traces (debug_trace*) would show them. Nor a
 * block reorganised after it was read: the scan reads up to the head, so a transfer dropped by a reorg stays frozen
 * (the safe side), and one mined into a block that replaced one already read is not found.
 */

/** How often a pass runs (ms). */
export const AI_WALLET_SCAN_EVERY_MS = 15_000;
/** Blocks a chain's pass reads at most: a long gap (a node down, a stopped server) catches up over several passes. */
export const SCAN_BLOCKS_PER_PASS = 200;
/** AI wallet addresses one eth_getLogs names in its `to` topic. */
export const SCAN_ADDRESSES_PER_QUERY = 100;
/** Blocks read at once (JSON-RPC batching puts them in one request). */
const BLOCKS_AT_ONCE = 20;
const LEASE = "ai-wallet-scan";

export const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** The blocks a pass reads: from the cursor + 1 to the head, at most `max`; undefined when there is nothing new. */
export function nextRange(cursor: bigint, head: bigint, max: number): { from: bigint; to: bigint } | undefined {
  if (head <= cursor) return undefined;
  const from = cursor + 1n;
  const last = cursor + BigInt(Math.max(1, max));
  return { from, to: head < last ? head : last };
}

/** A transfer to an AI wallet read from the chain. */
export interface Inbound {
  /** NATIVE_TOKEN_ADDRESS for the chain's coin */
  token: string;
  from: string;
  to: string;
  amount: bigint;
  txHash: string;
  /** -1: the chain's coin sent by the transaction itself */
  logIndex: number;
  blockNumber: bigint;
}

/** A decoded Transfer log, as viem's getLogs gives it. */
export interface TransferLog {
  address: string;
  args: { from?: string; to?: string; value?: bigint };
  logIndex: number | null;
  transactionHash: string | null;
  blockNumber: bigint | null;
}

/** The Transfer logs to a watched wallet with a value (pending logs and zero transfers left out). */
export function inboundOfLogs(logs: readonly TransferLog[], watched: ReadonlyMap<string, unknown>): Inbound[] {
  return logs.flatMap((log) => {
    const { from, to, value } = log.args;
    if (!from || !to || value === undefined || value <= 0n) return [];
    if (log.logIndex === null || log.transactionHash === null || log.blockNumber === null) return [];
    if (!watched.has(to.toLowerCase())) return [];
    return [
      {
        token: getAddress(log.address),
        from: getAddress(from),
        to: getAddress(to),
        amount: value,
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
      },
    ];
  });
}

/** A block's transaction, as far as the scan reads it. */
export interface BlockTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: bigint;
}

/** The transactions of a block that send the chain's coin to a watched wallet. */
export function inboundOfBlock(
  blockNumber: bigint,
  transactions: readonly BlockTransaction[],
  watched: ReadonlyMap<string, unknown>,
): Inbound[] {
  return transactions.flatMap((tx) => {
    if (!tx.to || tx.value <= 0n || !watched.has(tx.to.toLowerCase())) return [];
    return [
      {
        token: NATIVE_TOKEN_ADDRESS,
        from: getAddress(tx.from),
        to: getAddress(tx.to),
        amount: tx.value,
        txHash: tx.hash,
        logIndex: -1,
        blockNumber,
      },
    ];
  });
}

/**
 * The transfers to freeze: those whose sender, or whose transaction's sender (`senders`: transaction hash → from),
 * is on the list; the listed address is the one recorded.
 */
export function toFreeze(
  inbound: readonly Inbound[],
  senders: ReadonlyMap<string, string>,
  sanctions: SanctionsCheck,
): (Inbound & { listed: string })[] {
  return inbound.flatMap((transfer) => {
    if (sanctions.isSanctioned(transfer.from)) return [{ ...transfer, listed: transfer.from }];
    const sender = senders.get(transfer.txHash.toLowerCase());
    if (sender && sanctions.isSanctioned(sender)) return [{ ...transfer, listed: getAddress(sender) }];
    return [];
  });
}

export interface InboundScanDeps {
  chainIds: readonly number[];
  /** the chain's node (the swap module's chain table) */
  client(chainId: number): PublicClient | undefined;
  repository: Pick<FrozenRepository, "insert" | "cursor" | "advance">;
  wallets: Pick<AiWalletsRepository, "owners" | "audit">;
  sanctions: SanctionsCheck;
  /** the lease that keeps the scan on one node (PubSub.lease) */
  lease(name: string, ttlMs: number): Promise<boolean>;
  timers: Timers;
  clock: Clock;
  logger: Logger;
  everyMs?: number;
  blocksPerPass?: number;
  addressesPerQuery?: number;
}

export function createInboundScan(deps: InboundScanDeps) {
  const { repository, clock, logger } = deps;
  const everyMs = deps.everyMs ?? AI_WALLET_SCAN_EVERY_MS;
  const blocksPerPass = deps.blocksPerPass ?? SCAN_BLOCKS_PER_PASS;
  const addressesPerQuery = deps.addressesPerQuery ?? SCAN_ADDRESSES_PER_QUERY;
  const leaseMs = Math.max(3 * everyMs, 5_000);
  let running: Promise<void> | undefined;
  let stopTimer: (() => void) | undefined;

  async function freeze(
    chainId: number,
    owner: { userId: number; address: string },
    transfer: Inbound & { listed: string },
  ) {
    const row: FrozenTransfer = {
      userId: owner.userId,
      chainId,
      tokenAddress: transfer.token,
      amount: transfer.amount,
      fromAddress: transfer.listed,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber,
    };
    if (!(await repository.insert(row, clock.now()))) return;
    const detail = {
      token: transfer.token,
      amount: transfer.amount.toString(),
      from: transfer.listed,
      logIndex: transfer.logIndex,
      block: transfer.blockNumber.toString(),
    };
    logger.warn(
      { userId: owner.userId, chainId, txHash: transfer.txHash, ...detail },
      "AI wallet: coins received from a sanctioned address are frozen",
    );
    await deps.wallets.audit({
      userId: owner.userId,
      address: owner.address,
      action: "freeze_inbound",
      chainId,
      txHash: transfer.txHash,
      detail,
      at: clock.now(),
    });
  }

  /** reads one chain from its cursor; throws on a node error (the cursor then stays) */
  async function scanChain(chainId: number): Promise<void> {
    const client = deps.client(chainId);
    if (!client) return;
    // the head before the wallets: a wallet made after this read can only receive in later blocks
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const cursor = await repository.cursor(chainId);
    if (cursor === undefined) {
      await repository.advance(chainId, head, clock.now());
      logger.info({ chainId, block: head.toString() }, "AI wallet inbound scan: starts at the chain's head");
      return;
    }
    const range = nextRange(cursor, head, blocksPerPass);
    if (!range) return;
    const owners = await deps.wallets.owners();
    const watched = new Map(owners.map((owner) => [owner.address.toLowerCase(), owner]));
    if (watched.size > 0) {
      const logs: TransferLog[] = [];
      for (const group of chunks([...owners.map((owner) => getAddress(owner.address))], addressesPerQuery)) {
        logs.push(
          ...(await client.getLogs({
            event: transferEvent,
            args: { to: group },
            fromBlock: range.from,
            toBlock: range.to,
            strict: true,
          })),
        );
      }
      const inbound = inboundOfLogs(logs, watched);
      const senders = new Map<string, string>();
      const numbers: bigint[] = [];
      for (let block = range.from; block <= range.to; block += 1n) numbers.push(block);
      for (const group of chunks(numbers, BLOCKS_AT_ONCE)) {
        const blocks = await Promise.all(
          group.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
        );
        for (const [index, block] of blocks.entries()) {
          const blockNumber = group[index] ?? block.number ?? 0n;
          for (const tx of block.transactions) senders.set(tx.hash.toLowerCase(), tx.from);
          inbound.push(...inboundOfBlock(blockNumber, block.transactions, watched));
        }
      }
      for (const transfer of toFreeze(inbound, senders, deps.sanctions)) {
        const owner = watched.get(transfer.to.toLowerCase());
        if (owner) await freeze(chainId, owner, transfer);
      }
    }
    await repository.advance(chainId, range.to, clock.now());
  }

  async function passOnce(): Promise<void> {
    for (const chainId of deps.chainIds) {
      // taken (or renewed) before each chain: a node that lost it leaves the rest to the holder
      if (!(await deps.lease(LEASE, leaseMs))) return;
      try {
        await scanChain(chainId);
      } catch (error) {
        logger.warn({ err: error, chainId }, "AI wallet inbound scan: the chain was not read; read again next pass");
      }
    }
  }

  /** one pass (the timer's work); a pass asked for while one runs shares it */
  function pass(): Promise<void> {
    running ??= passOnce()
      .catch((error: unknown) => logger.warn({ err: error }, "AI wallet inbound scan failed"))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    pass,
    /** a pass that starts after the one running now (if any) ended: it reads what is on the chain now */
    async passNow(): Promise<void> {
      while (running) await running;
      await pass();
    },
    /** starts the timer and runs a first pass */
    start(): void {
      stopTimer ??= deps.timers.every(everyMs, () => void pass());
      void pass();
    },
    /** stops the timer and waits for the pass under way */
    async stop(): Promise<void> {
      stopTimer?.();
      stopTimer = undefined;
      while (running) await running;
    },
  };
}

export type InboundScan = ReturnType<typeof createInboundScan>;
