import { describe, expect, it, vi } from "vitest";
import type { UserLoginBody, WalletNonceData } from "../../../../contract/auth.ts";
import type { Eip1193Provider } from "../../../shared/wallet/eip1193.ts";
import { isWalletConnectChain } from "../../../shared/wallet/walletconnect-chains.ts";
import { ChainNotAllowedError, signInWithWallet } from "./wallet-sign-in.ts";
import { connectWalletConnect } from "./walletconnect-provider.ts";

// The shared WalletConnect session stands in: what is checked is what the sign-in asks of it.
const session = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock("../../../shared/wallet/walletconnect-session.ts", () => ({
  connectWalletConnectSession: async (options: unknown) => {
    session.options.push(options);
    return { provider: { request: async () => null }, disconnect: async () => undefined };
  },
  WalletConnectCancelled: class extends Error {},
}));

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

describe("WalletConnect sign-in (spec §4, §5)", () => {
  it("asks the session only for what signing in needs: personal_sign, eth_chainId, eth_accounts", async () => {
    const openLink = vi.fn();
    const openTelegram = vi.fn();
    const metadata = { name: "MountainLion", description: "d", url: "https://app.example.com", icons: [] };
    await connectWalletConnect({ projectId: "p", metadata, openLink, openTelegram });
    expect(session.options).toEqual([
      { projectId: "p", metadata, openLink, openTelegram, methods: ["personal_sign", "eth_chainId", "eth_accounts"] },
    ]);
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
