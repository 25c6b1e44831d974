import { hexToString, isHex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it, vi } from "vitest";
import type { UserLoginBody, WalletNonceData } from "../../../../contract/auth.ts";
import type { Eip1193Provider } from "../../../shared/wallet/eip1193.ts";
import { ChainNotAllowedError, ETHEREUM, followWallet, isSignInChain, signInWithWallet } from "./wallet-sign-in.ts";

const ADDRESS = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const CHECKSUMMED = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const nonce: WalletNonceData = {
  nonce: "abcDEF123456",
  issuedAt: "2030-01-01T00:00:00.000Z",
  expirationTime: "2030-01-01T00:10:00.000Z",
  statement: "Welcome to MountainLion! Sign this message to sign in. No transaction, no fee. Timestamp: 1893456000",
};

/** A wallet that answers like MetaMask; `reject` makes one method fail with an EIP-1193 error. */
function fakeProvider(reject?: { method: string; code: number }) {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      if (reject?.method === method) throw Object.assign(new Error("rejected"), { code: reject.code });
      if (method === "eth_requestAccounts") return [ADDRESS];
      if (method === "eth_chainId") return "0x38";
      if (method === "personal_sign") return "0xsignature";
      throw new Error(`unexpected ${method}`);
    },
    on: (event, listener) => listeners.set(event, listener),
    removeListener: (event) => listeners.delete(event),
  };
  return { provider, calls, emit: (event: string, value: unknown) => listeners.get(event)?.(value), listeners };
}

const location = { host: "app.example.com", origin: "https://app.example.com" };

/** A wallet on `start` that switches chains when asked, or fails the switch with `refuse`'s code. */
function walletOnChain(start: string, refuse?: { code: number }) {
  let chainId = start;
  const calls: { method: string; params?: readonly unknown[] }[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push(params === undefined ? { method } : { method, params });
      if (method === "eth_requestAccounts") return [ADDRESS];
      if (method === "eth_chainId") return chainId;
      if (method === "wallet_switchEthereumChain") {
        if (refuse) throw Object.assign(new Error("refused"), { code: refuse.code });
        const [target] = params ?? [];
        if (typeof target === "object" && target !== null && "chainId" in target) chainId = String(target.chainId);
        return null;
      }
      if (method === "personal_sign") return "0xsignature";
      throw new Error(`unexpected ${method}`);
    },
  };
  return { provider, calls };
}

describe("wallet sign-in (Sign-In with Ethereum)", () => {
  it("sends the invitation code a ref_ link brought, so a first sign-in rewards the inviter", async () => {
    const { provider } = fakeProvider();
    const login = vi.fn(async (_body: UserLoginBody) => ({ user_token: "t", user_id: "9", account: CHECKSUMMED }));
    await signInWithWallet(provider, { getNonce: async () => nonce, login, location, inviter: "INV7X2" });
    expect(login.mock.calls[0]?.[0]).toMatchObject({ type: 1, inviter: "INV7X2" });
    await signInWithWallet(provider, { getNonce: async () => nonce, login, location, inviter: "" });
    expect(login.mock.calls[1]?.[0]).not.toHaveProperty("inviter");
  });

  it("asks for the account and chain, signs an EIP-4361 message with the server's nonce, logs in with type 1", async () => {
    const { provider, calls } = fakeProvider();
    const login = vi.fn(async (_body: UserLoginBody) => ({ user_token: "t", user_id: "9", account: CHECKSUMMED }));
    const result = await signInWithWallet(provider, { getNonce: async () => nonce, login, location });

    expect(calls.map((call) => call.method)).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);
    const [hexMessage, signer] = calls[2]?.params ?? [];
    expect(signer).toBe(CHECKSUMMED);
    if (!isHex(hexMessage)) throw new Error("personal_sign did not get a hex message");
    const message = hexToString(hexMessage);
    expect(parseSiweMessage(message)).toEqual({
      domain: "app.example.com",
      address: CHECKSUMMED,
      statement: nonce.statement,
      uri: "https://app.example.com",
      version: "1",
      chainId: 56,
      nonce: "abcDEF123456",
      issuedAt: new Date(nonce.issuedAt),
      expirationTime: new Date(nonce.expirationTime),
    });
    expect(message).toContain("Timestamp: 1893456000");
    expect(login).toHaveBeenCalledWith({ type: 1, wallet_address: CHECKSUMMED, message, signature: "0xsignature" });
    expect(result).toEqual({
      login: { user_token: "t", user_id: "9", account: CHECKSUMMED },
      address: CHECKSUMMED,
      chainId: 56,
    });
  });

  it("passes the wallet's rejection (4001) on, without logging in", async () => {
    const { provider } = fakeProvider({ method: "personal_sign", code: 4001 });
    const login = vi.fn();
    await expect(signInWithWallet(provider, { getNonce: async () => nonce, login, location })).rejects.toMatchObject({
      code: 4001,
    });
    expect(login).not.toHaveBeenCalled();
  });

  it("takes sign-in on the server's default chains only (Ethereum, BNB Chain, ...; not Base or a local chain)", () => {
    expect([1, 10, 56, 100, 137, 324, 42161, 42220, 43114].every(isSignInChain)).toBe(true);
    expect(isSignInChain(8453)).toBe(false);
    expect(isSignInChain(31337)).toBe(false);
  });

  it("asks a wallet on a chain sign-in does not take to switch to Ethereum, then signs for Ethereum", async () => {
    const wallet = walletOnChain("0x2105");
    const login = vi.fn(async (_body: UserLoginBody) => ({ user_token: "t", user_id: "9", account: CHECKSUMMED }));
    const result = await signInWithWallet(wallet.provider, {
      getNonce: async () => nonce,
      login,
      location,
      allowChain: isSignInChain,
      switchTo: ETHEREUM,
    });
    expect(wallet.calls).toContainEqual({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] });
    expect(wallet.calls.findIndex((call) => call.method === "wallet_switchEthereumChain")).toBeLessThan(
      wallet.calls.findIndex((call) => call.method === "personal_sign"),
    );
    const body = login.mock.calls[0]?.[0];
    expect(body?.type === 1 ? parseSiweMessage(body.message).chainId : undefined).toBe(1);
    expect(result.chainId).toBe(1);
  });

  it("signs nothing when the user refuses the switch: ChainNotAllowedError naming Ethereum", async () => {
    const wallet = walletOnChain("0x2105", { code: 4001 });
    const login = vi.fn();
    const getNonce = vi.fn(async () => nonce);
    const failure = signInWithWallet(wallet.provider, {
      getNonce,
      login,
      location,
      allowChain: isSignInChain,
      switchTo: ETHEREUM,
    });
    await expect(failure).rejects.toBeInstanceOf(ChainNotAllowedError);
    await expect(failure).rejects.toMatchObject({ chainId: 8453, switchTo: 1 });
    expect(wallet.calls.map((call) => call.method)).not.toContain("personal_sign");
    expect(getNonce).not.toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
  });

  it("without a chain to switch to (WalletConnect) refuses another chain at once", async () => {
    const wallet = walletOnChain("0x2105");
    const failure = signInWithWallet(wallet.provider, {
      getNonce: async () => nonce,
      login: vi.fn(),
      location,
      allowChain: isSignInChain,
    });
    await expect(failure).rejects.toMatchObject({ name: "ChainNotAllowedError", chainId: 8453, switchTo: undefined });
    expect(wallet.calls.map((call) => call.method)).toEqual(["eth_requestAccounts", "eth_chainId"]);
  });

  it("follows account and chain changes while connected, and stops after a logout", () => {
    const { provider, emit, listeners } = fakeProvider();
    let connected = true;
    const onAccount = vi.fn();
    const onChain = vi.fn();
    followWallet(provider, { isConnected: () => connected, onAccount, onChain });
    emit("accountsChanged", ["0x70997970c51812dc3a010c7d01b50e0d17dc79c8"]);
    emit("chainChanged", "0x1");
    expect(onAccount).toHaveBeenCalledWith("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(onChain).toHaveBeenCalledWith(1);
    connected = false;
    emit("chainChanged", "0x89");
    expect(onChain).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });
});
