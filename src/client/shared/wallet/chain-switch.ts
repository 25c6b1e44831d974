import {
  type Eip1193Provider,
  METHOD_NOT_FOUND,
  providerErrorCode,
  toChainId,
  UNRECOGNISED_CHAIN,
  USER_REJECTED,
} from "./eip1193.ts";
import { WalletFailure } from "./wallet-failure.ts";

/** What wallet_addEthereumChain needs of a chain (EIP-3085). */
export interface AddableChain {
  chainId: number;
  name: string;
  symbol: string;
  decimals: number;
  rpcUrl: string;
  blockExplorerUrls: readonly string[];
}

/** A chain the app knows only by id (no RPC URL to give): a wallet that does not know it cannot be helped. */
export interface KnownChain {
  chainId: number;
}

/** "unknownChain" only for a KnownChain: the wallet does not know the chain and the app cannot add it. */
export type ChainSwitchFailure = "rejected" | "wrongNetwork" | "unknownChain";

export class ChainSwitchError extends WalletFailure<ChainSwitchFailure> {
  override name = "ChainSwitchError";
}

const hexId = (chainId: number) => `0x${chainId.toString(16)}`;

export async function walletChainId(provider: Eip1193Provider): Promise<number> {
  return toChainId(await provider.request({ method: "eth_chainId" }));
}

function rejected(error: unknown): boolean {
  return providerErrorCode(error) === USER_REJECTED;
}

function isAddable(chain: AddableChain | KnownChain): chain is AddableChain {
  return "rpcUrl" in chain;
}

/**
 * Puts the wallet on `chain`: wallet_switchEthereumChain, and when the wallet does not know the chain (4902)
 * wallet_addEthereumChain with the chain table's RPC URL and explorer, then the switch again. A wallet that has
 * neither method (-32601) is only logged: the chain id it then reports decides. Throws ChainSwitchError
 * "rejected" when the user refuses, "wrongNetwork" when the wallet stays on another chain.
 *
 * A KnownChain (no RPC URL, as the top-up's deposit chains) is never added: 4902, and -32601 which some wallets
 * answer instead, throw "unknownChain" so the user can be asked to add the chain in the wallet.
 */
export async function switchToChain(provider: Eip1193Provider, chain: AddableChain | KnownChain): Promise<void> {
  if ((await walletChainId(provider)) === chain.chainId) return;
  const switchParams = [{ chainId: hexId(chain.chainId) }];
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: switchParams });
  } catch (error) {
    if (rejected(error)) throw new ChainSwitchError("rejected", { cause: error });
    const code = providerErrorCode(error);
    if (!isAddable(chain)) {
      const unknown = code === UNRECOGNISED_CHAIN || code === METHOD_NOT_FOUND;
      throw new ChainSwitchError(unknown ? "unknownChain" : "wrongNetwork", { cause: error });
    }
    if (code === METHOD_NOT_FOUND) {
      console.warn("The wallet has no wallet_switchEthereumChain", error);
    } else if (code === UNRECOGNISED_CHAIN) {
      await addChain(provider, chain);
    } else {
      throw new ChainSwitchError("wrongNetwork", { cause: error });
    }
  }
  if ((await walletChainId(provider)) !== chain.chainId) throw new ChainSwitchError("wrongNetwork");
}

async function addChain(provider: Eip1193Provider, chain: AddableChain): Promise<void> {
  try {
    await provider.request({
      method: "wallet_addEthereumChain",
      params: [
        {
          chainId: hexId(chain.chainId),
          chainName: chain.name,
          nativeCurrency: { name: chain.symbol, symbol: chain.symbol, decimals: chain.decimals },
          rpcUrls: [chain.rpcUrl],
          ...(chain.blockExplorerUrls.length > 0 ? { blockExplorerUrls: [...chain.blockExplorerUrls] } : {}),
        },
      ],
    });
  } catch (error) {
    if (rejected(error)) throw new ChainSwitchError("rejected", { cause: error });
    if (providerErrorCode(error) === METHOD_NOT_FOUND) {
      console.warn("The wallet has no wallet_addEthereumChain", error);
      return;
    }
    throw new ChainSwitchError("wrongNetwork", { cause: error });
  }
  // Most wallets switch when they add; those that do not are asked once more.
  if ((await walletChainId(provider)) === chain.chainId) return;
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId(chain.chainId) }] });
  } catch (error) {
    if (rejected(error)) throw new ChainSwitchError("rejected", { cause: error });
    throw new ChainSwitchError("wrongNetwork", { cause: error });
  }
}
