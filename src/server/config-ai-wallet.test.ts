import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { aiWalletEnvSchema, parseAiWalletSettings } from "./config-ai-wallet.ts";
import { parseSwapSettings, swapEnvSchema } from "./config-swap.ts";

const settingsOf = (env: Record<string, string>) =>
  parseAiWalletSettings(aiWalletEnvSchema.parse(env), parseSwapSettings(swapEnvSchema.parse(env), env));

const HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

describe("AI wallet settings", () => {
  it("reads the master key as 64 hex digits or base64 of 32 bytes", () => {
    const hex = settingsOf({ AI_WALLET_MASTER_KEY: HEX }).masterKey;
    expect(hex?.bytes().toString("hex")).toBe(HEX);
    const base64 = settingsOf({ AI_WALLET_MASTER_KEY: Buffer.from(HEX, "hex").toString("base64") }).masterKey;
    expect(base64?.bytes().toString("hex")).toBe(HEX);
    expect(settingsOf({ AI_WALLET_MASTER_KEY: " " }).masterKey).toBeUndefined();
  });

  it("fails on any other master key, naming the variable and never echoing the value", () => {
    for (const value of ["short", HEX.slice(2), Buffer.alloc(16).toString("base64"), `${HEX}00`]) {
      let message = "";
      try {
        settingsOf({ AI_WALLET_MASTER_KEY: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^AI_WALLET_MASTER_KEY must be 32 random bytes/);
      expect(message).not.toContain(value);
    }
    expect(() => loadConfig({ AI_WALLET_MASTER_KEY: "nope" })).toThrow(/Invalid configuration: AI_WALLET_MASTER_KEY/);
  });

  it("never shows the master key when the configuration is printed or serialised", () => {
    const config = loadConfig({ AI_WALLET_MASTER_KEY: HEX });
    expect(JSON.stringify(config)).not.toContain(HEX);
    expect(inspect(config, { depth: 10 })).not.toContain(HEX);
    expect(String(config.aiWallet.masterKey)).toBe("[redacted]");
  });

  it("works on the chains with a node by default, or on the listed ones, each with a node", () => {
    const env = {
      CHAIN_RPC_URL_56: "http://127.0.0.1:8545/bsc",
      EVM_RPC_URL_1: "http://127.0.0.1:8545/eth",
      SWAP_V2_ROUTER: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      SWAP_V2_CHAIN_ID: "31337",
      SWAP_V2_RPC_URL: "http://127.0.0.1:8545",
    };
    expect(settingsOf(env).chainIds).toEqual([1, 56, 31337]);
    expect(settingsOf({ ...env, AI_WALLET_CHAIN_IDS: "31337, 56" }).chainIds).toEqual([31337, 56]);
    expect(() => settingsOf({ ...env, AI_WALLET_CHAIN_IDS: "137" })).toThrow(
      "AI_WALLET_CHAIN_IDS: chain 137 has no node configured: set CHAIN_RPC_URL_137",
    );
    expect(() => settingsOf({ ...env, AI_WALLET_CHAIN_IDS: "eth" })).toThrow(
      "AI_WALLET_CHAIN_IDS: not a chain id: eth",
    );
    expect(settingsOf({}).chainIds).toEqual([]);
  });

  it("takes the swap daily limit unless its own is set", () => {
    expect(settingsOf({ SWAP_DAILY_LIMIT_USD: "1200" }).dailyLimitUsd).toBe(1200);
    expect(settingsOf({ SWAP_DAILY_LIMIT_USD: "1200", AI_WALLET_DAILY_LIMIT_USD: "300" }).dailyLimitUsd).toBe(300);
    expect(() => settingsOf({ AI_WALLET_DAILY_LIMIT_USD: "-1" })).toThrow("AI_WALLET_DAILY_LIMIT_USD");
  });
});
