import { type Address, getAddress, stringToHex } from "viem";
import { createSiweMessage } from "viem/siwe";
import type { LoginData, UserLoginBody, WalletNonceData } from "../../../../contract/auth.ts";
import { type KnownChain, switchToChain } from "../../../shared/wallet/chain-switch.ts";
import { type Eip1193Provider, toChainId } from "../../../shared/wallet/eip1193.ts";

/** Loaded on the first wallet click: viem stays out of the first load. */

export interface WalletSignInDeps {
  getNonce: () => Promise<WalletNonceData>;
  login: (body: UserLoginBody) => Promise<LoginData>;
  /** where the app runs: the message names its host and origin */
  location: { host: string; origin: string };
  /** the chains this way of connecting may sign in on (WalletConnect: spec §5); any chain when absent */
  allowChain?: (chainId: number) => boolean;
  /**
   * the chain the wallet is asked to switch to when it is on one allowChain refuses (browser wallets: Ethereum);
   * absent: such a chain is refused at once
   */
  switchTo?: KnownChain;
  /** the invitation code a `ref_` link brought: a wallet's first sign-in rewards its inviter (spec §9) */
  inviter?: string;
}

/**
 * The chains the server takes a sign-in message on when its own list (app/config signInChainIds) is not known:
 * spec §5, those of WalletConnect (the server's default SIWE_CHAIN_IDS), the one list in walletconnect-chains.ts.
 */
export { isWalletConnectChain as isSignInChain } from "../../../shared/wallet/walletconnect-chains.ts";

/** Where a browser wallet on another chain is asked to go before it signs. */
export const ETHEREUM: KnownChain = { chainId: 1 };

/**
 * The wallet is on a chain this way of connecting does not support (spec §5 noUseNetwork); `switchTo`: the chain
 * the wallet was asked to switch to, which the user refused or the wallet could not do (the cause says which).
 */
export class ChainNotAllowedError extends Error {
  override name = "ChainNotAllowedError";
  constructor(
    readonly chainId: number,
    readonly switchTo?: number,
    options?: { cause?: unknown },
  ) {
    super(`chain ${chainId} is not supported here`, options);
  }
}

export interface WalletSignInResult {
  login: LoginData;
  address: string;
  chainId: number;
}

function firstAccount(accounts: unknown): Address {
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof first !== "string") throw new Error("The wallet returned no account");
  return getAddress(first);
}

/** The wallet's chain id; one that is no positive integer throws (nothing is signed for it). */
function validChainId(value: unknown): number {
  const chainId = toChainId(value);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`The wallet returned chain id ${String(value)}`);
  return chainId;
}

/** Asks the wallet to switch to deps.switchTo; the chain it then signs on, or ChainNotAllowedError. */
async function moveToAllowedChain(provider: Eip1193Provider, chainId: number, deps: WalletSignInDeps): Promise<number> {
  const target = deps.switchTo;
  if (!target || (deps.allowChain && !deps.allowChain(target.chainId))) throw new ChainNotAllowedError(chainId);
  try {
    await switchToChain(provider, target);
  } catch (error) {
    throw new ChainNotAllowedError(chainId, target.chainId, { cause: error });
  }
  return target.chainId;
}

/**
 * Spec §4 wallet login as Sign-In with Ethereum (EIP-4361): request the accounts, read the chain id, fetch a
 * nonce with the welcome text (it carries a Unix-seconds timestamp), have the wallet sign the message, then
 * log in with type 1. Any EIP-1193 provider serves: an injected wallet or a WalletConnect session. A wallet on a
 * chain allowChain refuses is first asked to switch to deps.switchTo (when given).
 * Provider errors (4001 rejected, ...) and ChainNotAllowedError propagate for the caller to word.
 */
export async function signInWithWallet(provider: Eip1193Provider, deps: WalletSignInDeps): Promise<WalletSignInResult> {
  const address = firstAccount(await provider.request({ method: "eth_requestAccounts" }));
  let chainId = validChainId(await provider.request({ method: "eth_chainId" }));
  if (deps.allowChain && !deps.allowChain(chainId)) chainId = await moveToAllowedChain(provider, chainId, deps);
  const nonce = await deps.getNonce();
  const message = createSiweMessage({
    domain: deps.location.host,
    address,
    statement: nonce.statement,
    uri: deps.location.origin,
    version: "1",
    chainId,
    nonce: nonce.nonce,
    issuedAt: new Date(nonce.issuedAt),
    expirationTime: new Date(nonce.expirationTime),
  });
  const signature = await provider.request({ method: "personal_sign", params: [stringToHex(message), address] });
  if (typeof signature !== "string") throw new Error("The wallet returned no signature");
  const inviter = deps.inviter ? { inviter: deps.inviter } : {};
  const login = await deps.login({ type: 1, wallet_address: address, message, signature, ...inviter });
  return { login, address, chainId };
}

let stopFollowing: (() => void) | undefined;

/**
 * Spec §4: account and chain changes in the wallet update the stored address and chain id. An empty account
 * list (the wallet disconnected the app) or `isConnected() === false` stops following.
 */
export function followWallet(
  provider: Eip1193Provider,
  handlers: { isConnected: () => boolean; onAccount: (address: string) => void; onChain: (chainId: number) => void },
): void {
  stopFollowing?.();
  const onAccounts = (accounts: unknown) => {
    if (!handlers.isConnected()) return stop();
    try {
      handlers.onAccount(firstAccount(accounts));
    } catch {
      stop();
    }
  };
  const onChain = (chainId: unknown) => {
    if (!handlers.isConnected()) return stop();
    try {
      handlers.onChain(validChainId(chainId));
    } catch {
      // an unreadable chain id changes nothing
    }
  };
  const stop = () => {
    provider.removeListener?.("accountsChanged", onAccounts);
    provider.removeListener?.("chainChanged", onChain);
    if (stopFollowing === stop) stopFollowing = undefined;
  };
  provider.on?.("accountsChanged", onAccounts);
  provider.on?.("chainChanged", onChain);
  stopFollowing = stop;
}
