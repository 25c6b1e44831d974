import { Swap } from "../../../../contract/constants.ts";
import { providerErrorCode, USER_REJECTED } from "../../../shared/wallet/eip1193.ts";

/**
 * The spec's non-EVM wallets (§3 wallet catalogue: TronLink, OKX Wallet (BTC); islogin false): they connect for
 * balances and deposits only, never to sign in. TRON wallets take chain id 9999, BTC wallets 1994 (spec §3, §8
 * useBTCConnect). UniSat connects, but the app does not send BTC through it (spec §5).
 */
export type ChainWalletType = "TRON" | "BTC";

export interface ChainWallet {
  name: string;
  type: ChainWalletType;
  chainId: number;
  /** whether deposits may send BTC through it (spec §5: UNISAT cannot) */
  sendsBtc: boolean;
  /** the wallet's injected object, if installed */
  detect: (win: Window) => boolean;
  /** asks the wallet for its account; throws WalletMissingError, WalletLockedError, or the wallet's own error */
  connect: (win: Window) => Promise<string>;
}

/** The wallet's extension is not installed (spec §5 notInstallMetamask, with its name). */
export class WalletMissingError extends Error {
  override name = "WalletMissingError";
  constructor(readonly walletName: string) {
    super(`${walletName} is not installed`);
  }
}

/** TronLink is installed but locked or has no account (spec §5 loginTronLink). */
export class WalletLockedError extends Error {
  override name = "WalletLockedError";
  constructor(readonly walletName: string) {
    super(`${walletName} is locked`);
  }
}

/** The user refused the connection in the wallet: said nothing about (spec §4). */
export class WalletRejectedError extends Error {
  override name = "WalletRejectedError";
}

const TRON_ADDRESS = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
// Legacy (1...), P2SH (3...), bech32/bech32m (bc1...); testnet forms (m/n/2, tb1) as wallets switch networks.
const BTC_ADDRESS = /^(?:[13mn2][1-9A-HJ-NP-Za-km-z]{25,39}|(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87})$/;

function field(holder: unknown, name: string): unknown {
  return typeof holder === "object" && holder !== null ? Reflect.get(holder, name) : undefined;
}

function method(holder: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  const value = field(holder, name);
  return typeof value === "function" ? (...args: unknown[]) => Reflect.apply(value, holder, args) : undefined;
}

/** A wallet's own error as ours: its 4001 becomes WalletRejectedError; anything else is passed on. */
async function walletCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (providerErrorCode(error) === USER_REJECTED) throw new WalletRejectedError("rejected in the wallet");
    throw error;
  }
}

function tronWebOf(win: Window): unknown {
  return field(field(win, "tronLink"), "tronWeb") ?? field(win, "tronWeb");
}

/** tronWeb.defaultAddress.base58 once TronLink is unlocked and has allowed the site; false or "" before. */
function tronAddress(win: Window): string | undefined {
  const base58 = field(field(tronWebOf(win), "defaultAddress"), "base58");
  return typeof base58 === "string" && TRON_ADDRESS.test(base58) ? base58 : undefined;
}

const tronLink: ChainWallet = {
  name: "TronLink",
  type: "TRON",
  chainId: Swap.tronLinkChainId,
  sendsBtc: false,
  detect: (win) => field(win, "tronLink") !== undefined || field(win, "tronWeb") !== undefined,
  async connect(win) {
    if (!tronLink.detect(win)) throw new WalletMissingError(tronLink.name);
    const request = method(field(win, "tronLink"), "request");
    if (request) {
      // TronLink answers { code: 200 } once allowed, { code: 4001 } when refused, and "" (or nothing) while locked.
      const answer = await walletCall(async () => request({ method: "tron_requestAccounts" }));
      const code = field(answer, "code");
      if (code === USER_REJECTED) throw new WalletRejectedError("rejected in TronLink");
      if (code !== undefined && code !== 200) throw new Error(`TronLink answered ${String(code)}`);
    }
    const address = tronAddress(win);
    if (!address) throw new WalletLockedError(tronLink.name);
    return address;
  },
};

function btcAddress(value: unknown, walletName: string): string {
  if (typeof value !== "string" || !BTC_ADDRESS.test(value)) throw new Error(`${walletName} returned no BTC address`);
  return value;
}

const okxBitcoin: ChainWallet = {
  name: "OKX Wallet (BTC)",
  type: "BTC",
  chainId: Swap.btcChainId,
  sendsBtc: true,
  detect: (win) => method(field(field(win, "okxwallet"), "bitcoin"), "connect") !== undefined,
  async connect(win) {
    const connect = method(field(field(win, "okxwallet"), "bitcoin"), "connect");
    if (!connect) throw new WalletMissingError(okxBitcoin.name);
    // okxwallet.bitcoin.connect() answers { address, publicKey }
    const answer = await walletCall(async () => connect());
    return btcAddress(field(answer, "address"), okxBitcoin.name);
  },
};

const unisat: ChainWallet = {
  name: "UniSat",
  type: "BTC",
  chainId: Swap.btcChainId,
  sendsBtc: false,
  detect: (win) => method(field(win, "unisat"), "requestAccounts") !== undefined,
  async connect(win) {
    const requestAccounts = method(field(win, "unisat"), "requestAccounts");
    if (!requestAccounts) throw new WalletMissingError(unisat.name);
    const accounts = await walletCall(async () => requestAccounts());
    return btcAddress(Array.isArray(accounts) ? accounts[0] : undefined, unisat.name);
  },
};

export const chainWallets: readonly ChainWallet[] = [tronLink, okxBitcoin, unisat];

export function chainWalletsOf(type: ChainWalletType): readonly ChainWallet[] {
  return chainWallets.filter((wallet) => wallet.type === type);
}

/** Whether a connected wallet (by its stored name and chain id) may send BTC for a deposit (spec §5). */
export function canSendBtc(walletName: string, chainId: number): boolean {
  return chainId === Swap.btcChainId && chainWallets.some((wallet) => wallet.name === walletName && wallet.sendsBtc);
}

/** The chain ids the TRON and BTC wallets are stored with (9999, 1994), not EVM chains. */
export function isChainWalletChain(chainId: number): boolean {
  return chainWallets.some((wallet) => wallet.chainId === chainId);
}
