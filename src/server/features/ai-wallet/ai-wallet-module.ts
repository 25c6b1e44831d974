import type { AiWalletSettings } from "../../config-ai-wallet.ts";
import type { Database, DatabaseHandle } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { Mailer } from "../../providers/mail/mailer.ts";
import type { PubSub } from "../../providers/pubsub.ts";
import type { Timers } from "../../providers/timers.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import type { MarketService } from "../market/market.service.ts";
import { marketUsdPrice, type SwapModule } from "../swap/swap-module.ts";
import { createAiSwapRepository } from "./ai-swap.repository.ts";
import { createAiWalletService } from "./ai-wallet.service.ts";
import { createAiWalletCodes } from "./ai-wallet-codes.ts";
import { createAiWalletDailyLimit } from "./ai-wallet-daily-limit.ts";
import { checkStoredWallets, createAiWalletKeys } from "./ai-wallet-keys.ts";
import type { KeyCustody } from "./ai-wallet-ports.ts";
import { createAiWalletSigner } from "./ai-wallet-signer.ts";
import { createAiWalletsRepository } from "./ai-wallets.repository.ts";
import { createAiWithdrawService } from "./ai-withdraw.service.ts";
import { createAiWithdrawalsRepository } from "./ai-withdrawals.repository.ts";
import { createFrozenRepository } from "./frozen.repository.ts";
import { createInboundScan } from "./inbound-scan.ts";
import { createEmbeddedKeyCustody } from "./key-custody.ts";
import { createNonceLanes } from "./nonce-lanes.ts";

/**
 * The AI wallet put together (issue 17): the key custody of AI_WALLET_MASTER_KEY, the start-up check of the stored
 * wallets against it, the signer, the daily limit and the nonce lanes (which aiAccountSwap and limit orders use too),
 * the service and the withdrawals' tracker, and the inbound scan that freezes coins sent from sanctioned addresses
 * (the server starts and stops it). Reads balances, tokens and chains through the swap module.
 */

/**
 * The custody of AI_WALLET_MASTER_KEY, checked against the stored wallets: throws AiWalletKeyMismatchError when they
 * were sealed under another master key (the server must not start); undefined without a master key (the AI wallet
 * is unavailable, said once in the log).
 */
export async function openAiWalletCustody(deps: {
  settings: AiWalletSettings;
  db: Database;
  logger: Logger;
}): Promise<KeyCustody | undefined> {
  const masterKey = deps.settings.masterKey?.bytes();
  const custody = masterKey ? createEmbeddedKeyCustody(masterKey) : undefined;
  masterKey?.fill(0);
  // the custody keeps its own copy: the one in the settings is no longer needed
  deps.settings.masterKey?.destroy();
  const { stored } = await checkStoredWallets(createAiWalletsRepository(deps.db), custody);
  if (!custody) {
    deps.logger.warn(
      { storedWallets: stored },
      stored > 0
        ? "AI wallet unavailable: AI_WALLET_MASTER_KEY is not set, so the stored AI wallets cannot be used"
        : "AI wallet unavailable: AI_WALLET_MASTER_KEY is not set",
    );
  }
  return custody;
}

export interface AiWalletModuleDeps {
  db: Database;
  /** which database serves: PostgreSQL (any number of API nodes) or PGlite (one node) */
  databaseKind: DatabaseHandle["kind"];
  settings: AiWalletSettings;
  /** openAiWalletCustody's answer */
  custody: KeyCustody | undefined;
  swap: Pick<SwapModule, "chains" | "tokens" | "balances">;
  market: MarketService;
  users: { findById(id: number): Promise<{ email: string | null } | undefined> };
  mailer: Mailer;
  /** the sanctions list (the compliance feature's isSanctioned) */
  sanctions: SanctionsCheck;
  /** our own deposit addresses (the pay feature's), never a withdrawal's destination */
  ownAddresses(): readonly string[];
  /** the inbound scan's lease (one node at a time) */
  pubsub: Pick<PubSub, "lease">;
  /** the inbound scan's timer */
  timers: Timers;
  clock: Clock;
  logger: Logger;
}

export function createAiWalletModule(deps: AiWalletModuleDeps) {
  const { db, settings, custody, swap, market, clock, logger } = deps;
  const wallets = createAiWalletsRepository(db);
  const chainIds = settings.chainIds.filter((chainId) => {
    const known = swap.chains.byId(chainId)?.isEvm === true;
    if (!known) logger.warn({ chainId }, "AI wallet: the chain is not an EVM chain of the chain table; left out");
    return known;
  });
  const signer = createAiWalletSigner({ wallets, custody, clock });
  const lanes = createNonceLanes(deps.databaseKind === "postgres" ? db : undefined);
  const keys = createAiWalletKeys({ wallets, custody, clock });
  const codes = createAiWalletCodes({ db, clock, mailer: deps.mailer, logger });
  const usdPrice = marketUsdPrice(market);
  const withdrawals = createAiWithdrawalsRepository(db);
  const aiSwaps = createAiSwapRepository(db);
  const frozen = createFrozenRepository(db);
  const dailyLimit = createAiWalletDailyLimit({
    limitUsd: settings.dailyLimitUsd,
    swapUsdSince: (userId, since) => aiSwaps.usdSince(userId, since),
    withdrawUsdSince: (userId, since) => withdrawals.usdSince(userId, since),
    clock,
  });
  const withdraw = createAiWithdrawService({
    chainIds,
    dailyLimit,
    withdrawals,
    wallets,
    signer,
    lanes,
    chains: swap.chains,
    tokens: swap.tokens,
    balances: swap.balances,
    usdPrice,
    sanctions: deps.sanctions,
    frozen,
    ownAddresses: deps.ownAddresses,
    codes,
    clock,
    logger,
  });
  const service = createAiWalletService({
    custody,
    chainIds,
    dailyLimit,
    users: deps.users,
    wallets,
    keys,
    signer,
    withdraw,
    chains: swap.chains,
    tokens: swap.tokens,
    balances: swap.balances,
    usdPrice,
    priceSource: () => {
      try {
        return market.view().status.label;
      } catch {
        return "market feed";
      }
    },
    sanctions: deps.sanctions,
    frozen,
    codes,
    clock,
    logger,
  });
  const scan = createInboundScan({
    chainIds,
    client: (chainId) => swap.chains.client(chainId),
    repository: frozen,
    wallets,
    sanctions: deps.sanctions,
    lease: (name, ttlMs) => deps.pubsub.lease(name, ttlMs),
    timers: deps.timers,
    clock,
    logger,
  });
  return {
    /** false without a master key: the AI wallet is unavailable */
    available: custody !== undefined,
    chainIds,
    signer,
    /** the daily limit AI swaps and limit orders check against too */
    dailyLimit,
    /** the wallets' nonce lanes, which AI swaps take too */
    lanes,
    service,
    /** the withdrawals' tracker (at start, on a timer, and by hand in tests) */
    sweep: () => withdraw.sweep(),
    /**
     * The inbound scan (inbound-scan.ts): start() with the server (a first pass, then every 15 s, one node at a
     * time), stop() on shutdown; passNow() reads the chains now (tests). Not started without a master key.
     */
    scan: {
      start: () => {
        if (custody) scan.start();
      },
      stop: () => scan.stop(),
      passNow: () => scan.passNow(),
    },
  };
}

export type AiWalletModule = ReturnType<typeof createAiWalletModule>;
