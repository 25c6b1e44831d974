import { describe, expect, it } from "vitest";
import {
  canSendBtc,
  chainWallets,
  isChainWalletChain,
  WalletLockedError,
  WalletMissingError,
} from "./chain-wallets.ts";

const byName = (name: string) => {
  const wallet = chainWallets.find((item) => item.name === name);
  if (!wallet) throw new Error(`${name} missing`);
  return wallet;
};

function fakeWindow(globals: Record<string, unknown>): Window {
  return Object.assign(Object.create(null), globals);
}

describe("TRON and BTC wallets", () => {
  it("use chain ids 9999 (TronLink) and 1994 (BTC wallets)", () => {
    expect(chainWallets.map((wallet) => [wallet.name, wallet.type, wallet.chainId])).toEqual([
      ["TronLink", "TRON", 9999],
      ["OKX Wallet (BTC)", "BTC", 1994],
      ["UniSat", "BTC", 1994],
    ]);
  });

  it("UniSat cannot send BTC; OKX Wallet (BTC) can, on the BTC chain only", () => {
    expect(canSendBtc("UniSat", 1994)).toBe(false);
    expect(canSendBtc("OKX Wallet (BTC)", 1994)).toBe(true);
    expect(canSendBtc("OKX Wallet (BTC)", 1)).toBe(false);
    expect(canSendBtc("TronLink", 9999)).toBe(false);
  });

  it("reads TronLink's account from an old injected tronWeb without request", async () => {
    const address = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
    const win = fakeWindow({ tronWeb: { ready: true, defaultAddress: { base58: address } } });
    await expect(byName("TronLink").connect(win)).resolves.toBe(address);
    const locked = fakeWindow({ tronWeb: { ready: false, defaultAddress: { base58: false } } });
    await expect(byName("TronLink").connect(locked)).rejects.toBeInstanceOf(WalletLockedError);
  });

  it("knows its chain ids are not EVM chains", () => {
    expect(isChainWalletChain(9999)).toBe(true);
    expect(isChainWalletChain(1994)).toBe(true);
    expect(isChainWalletChain(1)).toBe(false);
  });

  it("refuses what is missing or not an address", async () => {
    await expect(byName("UniSat").connect(fakeWindow({}))).rejects.toBeInstanceOf(WalletMissingError);
    const odd = fakeWindow({ unisat: { requestAccounts: async () => ["0x1234"] } });
    await expect(byName("UniSat").connect(odd)).rejects.toThrow("UniSat returned no BTC address");
  });
});
