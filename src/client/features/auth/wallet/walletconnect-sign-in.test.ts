import { describe, expect, it, vi } from "vitest";
import type { UserLoginBody, WalletNonceData } from "../../../../contract/auth.ts";
import type { Eip1193Provider } from "./eip1193.ts";
import { ChainNotAllowedError, signInWithWallet } from "./wallet-sign-in.ts";
import { isWalletConnectChain, WALLETCONNECT_CHAIN_IDS, walletConnectCaipChains } from "./walletconnect-chains.ts";
import { routeWalletLinks } from "./walletconnect-provider.ts";

const nonce: WalletNonceData = {
  nonce: "abcDEF123456",
  issuedAt: "2030-01-01T00:00:00.000Z",
  expirationTime: "2030-01-01T00:10:00.000Z",
  statement: "Welcome to MountainLion! Sign this message to sign in. No transaction, no fee. Timestamp: 1893456000",
};
const location = { host: "app.example.com", origin: "https://app.example.com" };

/** A WalletConnect session's provider as UniversalProvider answers for eip155, on the given chain. */
function sessionProvider(chainId: number) {
  const methods: string[] = [];
  const provider: Eip1193Provider = {
    async request({ method }) {
      methods.push(method);
      if (method === "eth_requestAccounts") return ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"];
      if (method === "eth_chainId") return chainId; // UniversalProvider answers a number
      if (method === "personal_sign") return "0xsigned";
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, methods };
}

describe("WalletConnect chains (spec §5)", () => {
  it("allows exactly 1, 10, 56, 100, 137, 324, 42161, 42220 and 43114", () => {
    expect([...WALLETCONNECT_CHAIN_IDS]).toEqual([1, 10, 56, 100, 137, 324, 42161, 42220, 43114]);
    for (const id of WALLETCONNECT_CHAIN_IDS) expect(isWalletConnectChain(id)).toBe(true);
    for (const id of [0, 5, 8453, 11155111, 250, 97]) expect(isWalletConnectChain(id)).toBe(false);
    expect(walletConnectCaipChains).toContain("eip155:42161");
  });

  it("signs in with the same Sign-In with Ethereum flow on an allowed chain", async () => {
    const { provider, methods } = sessionProvider(137);
    const login = vi.fn(async (_body: UserLoginBody) => ({ user_token: "t", user_id: "1", account: "a" }));
    const result = await signInWithWallet(provider, {
      getNonce: async () => nonce,
      login,
      location,
      allowChain: isWalletConnectChain,
    });
    expect(methods).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);
    expect(result.chainId).toBe(137);
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ type: 1, signature: "0xsigned" }));
    expect(login.mock.calls[0]?.[0]).toMatchObject({ message: expect.stringContaining("Chain ID: 137") });
  });

  it("refuses a session on another chain before asking for a nonce or a signature", async () => {
    const { provider, methods } = sessionProvider(8453);
    const getNonce = vi.fn(async () => nonce);
    const login = vi.fn();
    await expect(
      signInWithWallet(provider, { getNonce, login, location, allowChain: isWalletConnectChain }),
    ).rejects.toBeInstanceOf(ChainNotAllowedError);
    expect(methods).toEqual(["eth_requestAccounts", "eth_chainId"]);
    expect(getNonce).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
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
