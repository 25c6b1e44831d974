import { type Eip1193Provider, isEip1193Provider } from "../../../shared/wallet/eip1193.ts";

/** The spec's login wallets (§3 wallet catalogue, EVM): each has its own button. WalletConnect is separate. */
export interface LoginWallet {
  name: string;
  /** EIP-6963 reverse-DNS ids the wallet announces itself with */
  rdns: readonly string[];
  /** finds the wallet among the legacy injected globals when it does not announce itself */
  injected: (win: InjectedWindow) => Eip1193Provider | undefined;
}

export type InjectedWindow = Window & {
  ethereum?: unknown;
  okxwallet?: unknown;
  bitkeep?: unknown;
  tokenpocket?: unknown;
};

function flag(provider: unknown, name: string): boolean {
  return typeof provider === "object" && provider !== null && name in provider && Reflect.get(provider, name) === true;
}

function nestedEthereum(holder: unknown): Eip1193Provider | undefined {
  if (typeof holder !== "object" || holder === null || !("ethereum" in holder)) return undefined;
  return isEip1193Provider(holder.ethereum) ? holder.ethereum : undefined;
}

function ethereumWith(win: InjectedWindow, name: string): Eip1193Provider | undefined {
  return isEip1193Provider(win.ethereum) && flag(win.ethereum, name) ? win.ethereum : undefined;
}

export const loginWallets: readonly LoginWallet[] = [
  {
    name: "MetaMask",
    rdns: ["io.metamask", "io.metamask.flask"],
    // Other wallets also set isMetaMask for compatibility; only a provider that claims no other name counts.
    injected: (win) => {
      const provider = ethereumWith(win, "isMetaMask");
      const impostor = ["isOkxWallet", "isOKExWallet", "isBitKeep", "isTokenPocket"].some((name) =>
        flag(win.ethereum, name),
      );
      return impostor ? undefined : provider;
    },
  },
  {
    name: "OKX Wallet",
    rdns: ["com.okex.wallet"],
    injected: (win) =>
      (isEip1193Provider(win.okxwallet) ? win.okxwallet : undefined) ??
      ethereumWith(win, "isOkxWallet") ??
      ethereumWith(win, "isOKExWallet"),
  },
  {
    name: "TokenPocket",
    rdns: ["pro.tokenpocket"],
    injected: (win) => nestedEthereum(win.tokenpocket) ?? ethereumWith(win, "isTokenPocket"),
  },
  {
    name: "Bitget",
    rdns: ["com.bitget.web3", "com.bitget.wallet"],
    injected: (win) => nestedEthereum(win.bitkeep) ?? ethereumWith(win, "isBitKeep") ?? ethereumWith(win, "isBitget"),
  },
];
