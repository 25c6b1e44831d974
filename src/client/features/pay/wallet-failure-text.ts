import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { messageKeyText } from "../../shared/i18n/message-key-text.ts";
import type { WalletPayFailure } from "./wallet/wallet-transfer.ts";

/** Why a wallet payment did not send, in words. */
export function walletFailureText(failure: WalletPayFailure | "noWallet", chain: string): MessageDescriptor {
  switch (failure) {
    case "noWallet":
      return messageKeyText.notInstallMetamask;
    case "noAccount":
      return msg`Connect an account in your wallet, then try again.`;
    case "chainNotAdded":
      return msg`Your wallet does not know the ${chain} network. Add it in the wallet, then try again.`;
    case "wrongChain":
      return msg`Switch your wallet to the ${chain} network, then try again.`;
    case "insufficientBalance":
      return messageKeyText.Insufficientbalance;
    case "rejected":
      return msg`The payment was cancelled in the wallet.`;
    case "failed":
      return msg`The wallet could not send the payment. Nothing was paid.`;
  }
}
