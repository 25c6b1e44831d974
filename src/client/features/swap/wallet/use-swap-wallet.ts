import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageKey } from "../../../../contract/message-keys.ts";
import { useHost } from "../../../host/host-context.tsx";
import { useAppConfig } from "../../../shared/api/app-config.ts";
import { connectWalletNameAtom } from "../../../shared/settings/settings.ts";
import {
  ADDRESS_PATTERN,
  type Eip1193Provider,
  providerErrorCode,
  toChainId,
  USER_REJECTED,
} from "../../../shared/wallet/eip1193.ts";
import { findBrowserWallet } from "../../../shared/wallet/injected-wallet.ts";

export type WalletVia = "injected" | "walletConnect";

export interface SwapWallet {
  provider: Eip1193Provider;
  address: string;
  chainId: number;
  via: WalletVia;
  name: string;
  disconnect?: () => Promise<void>;
}

const loadWalletConnect = () => import("../../../shared/wallet/walletconnect-session.ts");

function useWalletConnectProjectId(): { projectId: string | null; loading: boolean } {
  const config = useAppConfig();
  return { projectId: config.data?.walletConnectProjectId ?? null, loading: config.isLoading };
}

function firstAccount(accounts: unknown): string | null {
  const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  return typeof first === "string" && ADDRESS_PATTERN.test(first) ? first : null;
}

/**
 * The wallet the swap signs with. In a browser: the injected wallet (EIP-6963 or window.ethereum), or
 * WalletConnect; inside Telegram (no injected wallets among the host's login methods) WalletConnect only.
 * A wallet the user already allowed is picked up without a prompt. Connect answers a message key on failure.
 */
export function useSwapWallet() {
  const host = useHost();
  const walletName = useAtomValue(connectWalletNameAtom);
  const injectedAllowed = host.loginMethods.includes("injectedWallet");
  const walletConnectAllowed = host.loginMethods.includes("walletConnect");
  const { projectId } = useWalletConnectProjectId();
  const [wallet, setWallet] = useState<SwapWallet | null>(null);
  const [connecting, setConnecting] = useState(false);
  const walletRef = useRef<SwapWallet | null>(null);
  walletRef.current = wallet;
  const mountedRef = useRef(true);

  // a WalletConnect session lives as long as the screen that opened it: leaving (or a remount) ends it, so no
  // session is left open on the relay
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      void walletRef.current?.disconnect?.().catch(() => undefined);
    };
  }, []);

  // a browser wallet that already gave this site its account connects silently
  useEffect(() => {
    if (!injectedAllowed) return;
    const found = findBrowserWallet(walletName);
    if (!found) return;
    let live = true;
    void (async () => {
      try {
        const address = firstAccount(await found.provider.request({ method: "eth_accounts" }));
        if (!address || !live) return;
        const chainId = toChainId(await found.provider.request({ method: "eth_chainId" }));
        if (live && walletRef.current === null) {
          setWallet({ provider: found.provider, address, chainId, via: "injected", name: found.name });
        }
      } catch (error) {
        console.warn("Reading the browser wallet's account failed", error);
      }
    })();
    return () => {
      live = false;
    };
  }, [injectedAllowed, walletName]);

  // follow the wallet's account and chain
  const provider = wallet?.provider;
  useEffect(() => {
    if (!provider?.on) return;
    const onChain = (value: unknown) => {
      const chainId = toChainId(value);
      if (Number.isFinite(chainId)) setWallet((current) => (current ? { ...current, chainId } : current));
    };
    const onAccounts = (value: unknown) => {
      const address = firstAccount(value);
      setWallet((current) => (current && address ? { ...current, address } : address ? current : null));
    };
    provider.on("chainChanged", onChain);
    provider.on("accountsChanged", onAccounts);
    return () => {
      provider.removeListener?.("chainChanged", onChain);
      provider.removeListener?.("accountsChanged", onAccounts);
    };
  }, [provider]);

  const refreshChain = useCallback(async () => {
    const current = walletRef.current;
    if (!current) return;
    const chainId = toChainId(await current.provider.request({ method: "eth_chainId" }));
    setWallet((now) => (now && Number.isFinite(chainId) ? { ...now, chainId } : now));
  }, []);

  const connectInjected = async (): Promise<MessageKey | null> => {
    const found = findBrowserWallet(walletName);
    if (!found) return "notInstallMetamask";
    try {
      const address = firstAccount(await found.provider.request({ method: "eth_requestAccounts" }));
      if (!address) return "noWalletProvider";
      const chainId = toChainId(await found.provider.request({ method: "eth_chainId" }));
      setWallet({ provider: found.provider, address, chainId, via: "injected", name: found.name });
      return null;
    } catch (error) {
      if (providerErrorCode(error) === USER_REJECTED) return "userRejected";
      console.error("Connecting the browser wallet failed", error);
      return "noWalletProvider";
    }
  };

  const connectWalletConnect = async (): Promise<MessageKey | null> => {
    if (!projectId) return "noWalletProvider";
    const { connectWalletConnectSession, WalletConnectCancelled } = await loadWalletConnect();
    try {
      const session = await connectWalletConnectSession({
        projectId,
        openLink: (url) => host.links.open(url),
        openTelegram: (url) => host.links.openTelegram(url),
      });
      const address = firstAccount(await session.provider.request({ method: "eth_accounts" }));
      if (!address || !mountedRef.current) {
        await session.disconnect().catch(() => undefined);
        return "noWalletProvider";
      }
      const chainId = toChainId(await session.provider.request({ method: "eth_chainId" }));
      setWallet({
        provider: session.provider,
        address,
        chainId,
        via: "walletConnect",
        name: "WalletConnect",
        disconnect: session.disconnect,
      });
      return null;
    } catch (error) {
      if (error instanceof WalletConnectCancelled) return null;
      if (providerErrorCode(error) === USER_REJECTED) return "userRejected";
      console.error("WalletConnect failed", error);
      return "noWalletProvider";
    }
  };

  const connect = async (via: WalletVia): Promise<MessageKey | null> => {
    if (connecting) return null;
    setConnecting(true);
    try {
      return via === "injected" ? await connectInjected() : await connectWalletConnect();
    } finally {
      setConnecting(false);
    }
  };

  const disconnect = () => {
    const current = walletRef.current;
    setWallet(null);
    void current?.disconnect?.().catch(() => undefined);
  };

  return {
    wallet,
    connecting,
    connect,
    disconnect,
    refreshChain,
    /** the ways to connect here: a browser wallet (not inside Telegram) and WalletConnect (when configured) */
    ways: {
      injected: injectedAllowed,
      walletConnect: walletConnectAllowed && projectId !== null,
    },
    /** inside the mini app only WalletConnect can sign (spec §2), on its chains only (spec §5) */
    walletConnectOnly: !injectedAllowed,
  };
}
