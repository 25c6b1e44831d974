import { hexToString, isHex } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it, vi } from "vitest";
import type { UserLoginBody, WalletNonceData } from "../../../../contract/auth.ts";
import type { Eip1193Provider } from "../../../shared/wallet/eip1193.ts";
import { followWallet, signInWithWallet } from "./wallet-sign-in.ts";

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
