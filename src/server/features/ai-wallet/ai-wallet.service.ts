import QRCode from "qrcode";
import { formatUnits } from "viem";
import type { z } from "zod";
import type {
  AiAccountInfoData,
  AiWalletCoin,
  AiWalletFrozen,
  depositInfoBodySchema,
  exportKeyBodySchema,
  preWithdrawBodySchema,
  withdrawBodySchema,
  withdrawInfoBodySchema,
} from "../../../contract/ai-wallet.ts";
import { isNativeToken, NATIVE_TOKEN_ADDRESS } from "../../../contract/swap.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { MailLanguage } from "../../providers/mail/verification-mail.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import { sanctionedAddress } from "../compliance/sanctions-error.ts";
import { chainNotSupported } from "../swap/chains/chain-errors.ts";
import type { ChainTable, TokenLists, WalletBalances } from "../swap/ports.ts";
import type { AiWalletCodes } from "./ai-wallet-codes.ts";
import type { AiWalletDailyLimit } from "./ai-wallet-daily-limit.ts";
import { aiWalletEmailOnly, aiWalletMissing, aiWalletUnavailable } from "./ai-wallet-errors.ts";
import type { AiWalletKeys } from "./ai-wallet-keys.ts";
import type { AiWalletSigner, KeyCustody } from "./ai-wallet-ports.ts";
import type { AiWalletsRepository } from "./ai-wallets.repository.ts";
import { type AiWithdrawService, type Holder, maskEmail } from "./ai-withdraw.service.ts";
import type { FrozenRepository } from "./frozen.repository.ts";
import { exportFrozen } from "./frozen-funds.ts";

/**
 * The AI wallet of an email account (spec §1, §3 email AI account; §6 email login needed; §7): whether it can be
 * used here, its creation (one a user), its coins and their USD value on the configured chains, where to fund it,
 * its withdrawals (ai-withdraw.service.ts) and the export of its key after an emailed code. Coins sent to it from an
 * address on the sanctions list (inbound-scan.ts) are listed as frozen, and the key is not exported while any are.
 */

export interface AiWalletServiceDeps {
  /** undefined: no master key configured, the AI wallet is unavailable */
  custody: KeyCustody | undefined;
  chainIds: readonly number[];
  /** the AI wallet's daily limit, and what its swaps and withdrawals used of it today */
  dailyLimit: AiWalletDailyLimit;
  users: { findById(id: number): Promise<{ email: string | null } | undefined> };
  wallets: AiWalletsRepository;
  keys: AiWalletKeys;
  signer: AiWalletSigner;
  withdraw: AiWithdrawService;
  chains: ChainTable;
  tokens: TokenLists;
  balances: WalletBalances;
  usdPrice(symbol: string): number | undefined;
  /** the market feed the USD values come from (its status label) */
  priceSource(): string;
  sanctions: SanctionsCheck;
  /** the coins received from sanctioned addresses */
  frozen: Pick<FrozenRepository, "byUser" | "any">;
  codes: AiWalletCodes;
  clock: Clock;
  logger: Logger;
}

type Account = NonNullable<AiAccountInfoData["account"]>;

export function createAiWalletService(deps: AiWalletServiceDeps) {
  const { custody, users, wallets, chains, tokens, balances, clock } = deps;

  /** why the account cannot use the AI wallet here, or its email */
  async function standing(
    userId: number,
  ): Promise<{ reason: "noMasterKey" } | { reason: "emailLoginNeeded" } | { reason: null; email: string }> {
    if (!custody) return { reason: "noMasterKey" };
    const user = await users.findById(userId);
    if (!user?.email) return { reason: "emailLoginNeeded" };
    return { reason: null, email: user.email };
  }

  /** the signed-in email account with its wallet, or the refusal that says why not */
  async function holderOf(userId: number): Promise<Holder> {
    const state = await standing(userId);
    if (state.reason === "noMasterKey") throw aiWalletUnavailable();
    if (state.reason === "emailLoginNeeded") throw aiWalletEmailOnly();
    const wallet = await wallets.find(userId);
    if (!wallet) throw aiWalletMissing();
    return { userId, email: state.email, address: wallet.address as `0x${string}` };
  }

  /** the wallet's coins on one chain (the coins it holds, and the chain's own coin always) */
  async function coinsOn(address: `0x${string}`, chainId: number): Promise<AiWalletCoin[]> {
    const read = await balances.assets(address, chainId);
    const held = read.assets.filter((asset) => asset.raw !== "0" || isNativeToken(asset.address));
    return Promise.all(
      held.map(async (asset) => {
        const listed = await tokens.find(chainId, asset.address).catch(() => undefined);
        const usdPrice = deps.usdPrice(asset.symbol) ?? null;
        return {
          chainId,
          address: asset.address,
          symbol: asset.symbol,
          name: listed?.name ?? null,
          decimals: asset.decimals,
          logoURI: listed?.logoURI ?? null,
          balance: asset.balance,
          usdPrice,
          usdValue: usdPrice === null ? null : usdPrice * Number(asset.balance),
        };
      }),
    );
  }

  /** the account's frozen coins, newest first, in their token's units (its symbol and decimals from the token list) */
  async function frozenOf(userId: number): Promise<AiWalletFrozen[]> {
    const rows = await deps.frozen.byUser(userId);
    return Promise.all(
      rows.map(async (row) => {
        const native = isNativeToken(row.tokenAddress);
        const listed = await tokens.find(row.chainId, row.tokenAddress).catch(() => undefined);
        const chain = native ? chains.byId(row.chainId) : undefined;
        const symbol = listed?.symbol ?? chain?.symbol;
        // a token neither the list nor its chain describes now: its raw units under its address, never a guess
        const decimals = listed?.decimals ?? chain?.decimals ?? 0;
        return {
          chainId: row.chainId,
          address: native ? NATIVE_TOKEN_ADDRESS : row.tokenAddress,
          symbol: symbol ?? row.tokenAddress,
          decimals,
          amount: formatUnits(BigInt(row.amount), decimals),
          fromAddress: row.fromAddress,
          txHash: row.txHash,
          txUrl: chains.txUrl(row.chainId, row.txHash),
          foundAt: row.foundAt.toISOString(),
        };
      }),
    );
  }

  /** refused (audited) while the account holds frozen coins: with the key they could be moved anywhere */
  async function refuseExportWhileFrozen(holder: Holder): Promise<void> {
    if (!(await deps.frozen.any(holder.userId))) return;
    await wallets
      .audit({
        userId: holder.userId,
        address: holder.address,
        action: "refuse_export",
        detail: { reason: "fundsFrozen" },
        at: clock.now(),
      })
      .catch((error: unknown) => deps.logger.error({ err: error }, "AI wallet: a refused export was not audited"));
    throw exportFrozen();
  }

  async function accountOf(userId: number, address: `0x${string}`, createdAt: Date): Promise<Account> {
    const chainList = deps.chainIds.flatMap((chainId) => {
      const entry = chains.byId(chainId);
      return entry ? [entry] : [];
    });
    const [reads, frozen] = await Promise.all([
      Promise.allSettled(chainList.map((entry) => coinsOn(address, entry.chainId))),
      frozenOf(userId),
    ]);
    const coins: AiWalletCoin[] = [];
    const chainViews = chainList.map((entry, index) => {
      const read = reads[index];
      if (read?.status === "fulfilled") coins.push(...read.value);
      else deps.logger.warn({ err: read?.reason, chainId: entry.chainId }, "AI wallet: balances not read");
      return {
        chainId: entry.chainId,
        netWork: entry.netWork,
        symbol: entry.symbol,
        readable: read?.status === "fulfilled",
        reason: read?.status === "fulfilled" ? null : "balancesUnavailable",
        explorerUrl: entry.blockExplorerUrls[0] ?? null,
      };
    });
    return {
      address,
      createdAt: createdAt.toISOString(),
      totalUsdAmount: coins.reduce((sum, coin) => sum + (coin.usdValue ?? 0), 0),
      coins,
      chains: chainViews,
      priceSource: deps.priceSource(),
      asOf: clock.now().toISOString(),
      dailyLimitUsd: deps.dailyLimit.limitUsd,
      dailyUsedUsd: await deps.dailyLimit.usedToday(userId),
      frozen,
    };
  }

  async function info(userId: number): Promise<AiAccountInfoData> {
    const state = await standing(userId);
    if (state.reason !== null) return { available: false, reason: state.reason, account: null };
    const wallet = await wallets.find(userId);
    if (!wallet) return { available: true, reason: null, account: null };
    return {
      available: true,
      reason: null,
      account: await accountOf(userId, wallet.address as `0x${string}`, wallet.createdAt),
    };
  }

  return {
    info,

    /** one wallet a user: a second (or concurrent) call answers the wallet already made */
    async create(userId: number): Promise<AiAccountInfoData> {
      const state = await standing(userId);
      if (state.reason === "noMasterKey") throw aiWalletUnavailable();
      if (state.reason === "emailLoginNeeded") throw aiWalletEmailOnly();
      await deps.keys.create(userId);
      return info(userId);
    },

    async deposit(userId: number, body: z.output<typeof depositInfoBodySchema>) {
      const holder = await holderOf(userId);
      const entry = chains.byId(body.chainId);
      if (!deps.chainIds.includes(body.chainId) || !entry) throw chainNotSupported(body.chainId);
      if (body.fromAddress && deps.sanctions.isSanctioned(body.fromAddress)) {
        await wallets.audit({
          userId,
          address: holder.address,
          action: "refuse_deposit",
          chainId: body.chainId,
          detail: { from: body.fromAddress, reason: "sanctionedAddress" },
          at: clock.now(),
        });
        throw sanctionedAddress("fromAddress");
      }
      // an EIP-681 address URI (as the USDT deposit's QR codes are), which wallets open on the right chain
      const qrCode = await QRCode.toDataURL(`ethereum:${holder.address}@${body.chainId}`, {
        errorCorrectionLevel: "M",
        margin: 2,
        width: 320,
      });
      return { chainId: body.chainId, netWork: entry.netWork, address: holder.address, qrCode };
    },

    async withdrawInfo(userId: number, body: z.output<typeof withdrawInfoBodySchema>) {
      return deps.withdraw.info(await holderOf(userId), body);
    },

    async preWithdraw(userId: number, body: z.output<typeof preWithdrawBodySchema>, language: MailLanguage) {
      return deps.withdraw.preWithdraw(await holderOf(userId), body, language);
    },

    async withdrawWithCode(userId: number, body: z.output<typeof withdrawBodySchema>) {
      return deps.withdraw.withdraw(await holderOf(userId), body);
    },

    async withdrawals(userId: number) {
      await holderOf(userId);
      return { lists: await deps.withdraw.list(userId) };
    },

    async preExport(userId: number, language: MailLanguage): Promise<{ email: string }> {
      const holder = await holderOf(userId);
      await refuseExportWhileFrozen(holder);
      const issued = await deps.codes.issue(holder.email, "AI_EXPORT");
      await deps.codes.deliver(
        holder.email,
        "AI_EXPORT",
        issued,
        { kind: "export", address: holder.address },
        language,
      );
      await wallets
        .audit({ userId, address: holder.address, action: "export_code_sent", detail: {}, at: clock.now() })
        .catch((error: unknown) => deps.logger.error({ err: error }, "AI wallet: an export code was not audited"));
      return { email: maskEmail(holder.email) };
    },

    async exportKey(userId: number, body: z.output<typeof exportKeyBodySchema>) {
      const holder = await holderOf(userId);
      // checked before the code is spent, and again right before the key is read (a scan may have found coins since)
      await refuseExportWhileFrozen(holder);
      try {
        await deps.codes.spend(holder.email, "AI_EXPORT", body.code);
      } catch (error) {
        await wallets.audit({
          userId,
          address: holder.address,
          action: "refuse_export",
          detail: { reason: error instanceof Error && "key" in error ? String(error.key) : "error" },
          at: clock.now(),
        });
        throw error;
      }
      await refuseExportWhileFrozen(holder);
      const privateKey = await deps.signer.exportKey(userId, { action: "export", detail: {} });
      return { address: holder.address, privateKey };
    },
  };
}

export type AiWalletService = ReturnType<typeof createAiWalletService>;
