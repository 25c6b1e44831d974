import { describe, expect, it, vi } from "vitest";
import { Swap } from "../../../contract/constants.ts";
import { isWalletConnectChain, walletConnectCaipChains } from "./walletconnect-chains.ts";
import {
  connectWalletConnectSession,
  routeWalletLinks,
  WALLETCONNECT_TX_METHODS,
  WalletConnectCancelled,
} from "./walletconnect-session.ts";

// The SDK and its modal stand in: what is checked is what the session asks of them.
const sdk = vi.hoisted(() => ({
  connect: { calls: [] as unknown[] },
  init: { metadata: [] as unknown[] },
  modal: { closeOnOpen: false },
}));

vi.mock("@walletconnect/universal-provider", () => ({
  default: {
    init: async ({ metadata }: { metadata: unknown }) => {
      sdk.init.metadata.push(metadata);
      const listeners = new Map<string, (uri: string) => void>();
      return {
        on: (event: string, listener: (uri: string) => void) => listeners.set(event, listener),
        removeListener: (event: string) => listeners.delete(event),
        connect: (args: unknown) => {
          sdk.connect.calls.push(args);
          listeners.get("display_uri")?.("wc:abc@2");
          // a wallet that never answers while the modal gets closed
          return sdk.modal.closeOnOpen ? new Promise(() => undefined) : Promise.resolve(undefined);
        },
        request: async ({ method }: { method: string }) => (method === "eth_chainId" ? 56 : null),
        disconnect: async () => undefined,
        abortPairingAttempt: () => undefined,
      };
    },
  },
}));

vi.mock("@walletconnect/modal", () => ({
  WalletConnectModal: class {
    private listener: ((state: { open: boolean }) => void) | undefined;
    async openModal() {
      if (sdk.modal.closeOnOpen) this.listener?.({ open: false });
    }
    closeModal() {}
    subscribeModal(listener: (state: { open: boolean }) => void) {
      this.listener = listener;
      return () => {
        this.listener = undefined;
      };
    }
  },
}));

const options = {
  projectId: "p",
  metadata: { name: "MountainLion", description: "d", url: "https://app.example.com", icons: [] },
  openLink: () => undefined,
  openTelegram: () => undefined,
};

describe("WalletConnect chains (spec §5)", () => {
  it("allows exactly 1, 10, 56, 100, 137, 324, 42161, 42220 and 43114", () => {
    expect([...Swap.walletConnectChainIds]).toEqual([1, 10, 56, 100, 137, 324, 42161, 42220, 43114]);
    for (const id of Swap.walletConnectChainIds) expect(isWalletConnectChain(id)).toBe(true);
    for (const id of [0, 5, 8453, 11155111, 250, 97]) expect(isWalletConnectChain(id)).toBe(false);
    expect(walletConnectCaipChains).toContain("eip155:42161");
  });
});

describe("the WalletConnect session", () => {
  it("introduces the app by the page's origin unless told otherwise", async () => {
    sdk.init.metadata.length = 0;
    await connectWalletConnectSession({ ...options, metadata: undefined });
    await connectWalletConnectSession(options);
    expect(sdk.init.metadata).toEqual([
      {
        name: "MountainLion",
        description: "AI assistant for crypto investors",
        url: window.location.origin,
        icons: [`${window.location.origin}/tonconnect-icon.png`],
      },
      options.metadata,
    ]);
  });

  it("asks for the transaction methods on the spec's chains unless told its own methods", async () => {
    sdk.connect.calls.length = 0;
    const session = await connectWalletConnectSession(options);
    await connectWalletConnectSession({ ...options, methods: ["personal_sign"] });
    expect(sdk.connect.calls).toEqual([
      {
        optionalNamespaces: {
          eip155: {
            methods: [...WALLETCONNECT_TX_METHODS],
            chains: [...walletConnectCaipChains],
            events: ["chainChanged", "accountsChanged"],
          },
        },
      },
      { optionalNamespaces: { eip155: expect.objectContaining({ methods: ["personal_sign"] }) } },
    ]);
    await expect(session.provider.request({ method: "eth_chainId" })).resolves.toBe(56);
  });

  it("rejects with WalletConnectCancelled when the modal is closed first, and puts window.open back", async () => {
    sdk.modal.closeOnOpen = true;
    const open = window.open;
    try {
      await expect(connectWalletConnectSession(options)).rejects.toBeInstanceOf(WalletConnectCancelled);
      expect(window.open).toBe(open);
    } finally {
      sdk.modal.closeOnOpen = false;
    }
  });
});

describe("wallet links while the WalletConnect modal is open", () => {
  it("sends https links through the host (t.me ones to Telegram), keeps custom schemes, then restores", () => {
    const original = vi.fn(() => null);
    const win = { open: original } as unknown as Window;
    const openLink = vi.fn();
    const openTelegram = vi.fn();
    const restore = routeWalletLinks(win, { openLink, openTelegram });
    win.open("https://metamask.app.link/wc?uri=x", "_self");
    win.open("https://t.me/wallet?attach=wallet", "_blank");
    win.open("wc:abc@2?relay-protocol=irn", "_self");
    expect(openLink).toHaveBeenCalledWith("https://metamask.app.link/wc?uri=x");
    expect(openTelegram).toHaveBeenCalledWith("https://t.me/wallet?attach=wallet");
    expect(original).toHaveBeenCalledTimes(1);
    restore();
    expect(win.open).toBe(original);
  });

  it("lets a host that itself opens with window.open through, without looping", () => {
    const original = vi.fn(() => null);
    const win = { open: original } as unknown as Window;
    const restore = routeWalletLinks(win, {
      openLink: (url) => win.open(url, "_blank"),
      openTelegram: (url) => win.open(url, "_blank"),
    });
    win.open("https://example.com/wallet", "_self");
    expect(original).toHaveBeenCalledWith("https://example.com/wallet", "_blank", undefined);
    restore();
  });
});
