import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LoginMethod } from "../../host/host.ts";

export const loginMethodLabels: Record<LoginMethod, MessageDescriptor> = {
  telegram: msg`Telegram account`,
  email: msg`Email and password`,
  google: msg`Google`,
  injectedWallet: msg`Browser wallet (MetaMask, OKX Wallet, TokenPocket, Bitget)`,
  walletConnect: msg`WalletConnect`,
  tonConnect: msg`TON Connect`,
};
