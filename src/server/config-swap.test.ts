import { describe, expect, it } from "vitest";
import { parseSwapSettings, swapEnvSchema } from "./config-swap.ts";

const settingsOf = (env: Record<string, string>) => parseSwapSettings(swapEnvSchema.parse(env), env);

describe("swap settings: the chains' nodes", () => {
  it("reads CHAIN_RPC_URL_<id>, else EVM_RPC_URL_<id>", () => {
    const { rpcUrls } = settingsOf({
      CHAIN_RPC_URL_1: " http://127.0.0.1:8545/eth ",
      EVM_RPC_URL_1: "http://127.0.0.1:8545/siwe-eth",
      EVM_RPC_URL_56: "http://127.0.0.1:8545/bsc",
      CHAIN_RPC_URL_137: "",
      EVM_RPC_URL_137: "http://127.0.0.1:8545/polygon",
      EVM_RPC_URL_10: "",
    });
    expect(rpcUrls).toEqual({
      1: "http://127.0.0.1:8545/eth",
      56: "http://127.0.0.1:8545/bsc",
      137: "http://127.0.0.1:8545/polygon",
    });
  });

  it("refuses a CHAIN_RPC_URL_ without a chain id or with a URL that is not http(s)", () => {
    expect(() => settingsOf({ CHAIN_RPC_URL_eth: "http://127.0.0.1:8545" })).toThrow(
      "CHAIN_RPC_URL_eth: the name must end in a chain id",
    );
    expect(() => settingsOf({ CHAIN_RPC_URL_1: "ws://127.0.0.1:8545" })).toThrow(
      "CHAIN_RPC_URL_1 must be an http(s) URL",
    );
  });

  it("reads blank keys as unset", () => {
    const settings = settingsOf({ SWAP_LIFI_API_KEY: "  ", SWAP_ZEROEX_API_KEY: "" });
    expect(settings.lifi.apiKey).toBeUndefined();
    expect(settings.zeroex).toBeUndefined();
  });
});
