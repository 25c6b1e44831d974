import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

/** PAY_CHAINS and each chain's PAY_<CODE>_* settings. */

const ETH_USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const TRON_USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DEPOSIT = "0x00000000000000000000000000000000000000d1";

describe("payment chains in the configuration", () => {
  it("has none by default: payments are not set up", () => {
    expect(loadConfig({}).pay).toEqual({ chains: [], sweepSeconds: 30, txNotFoundMinutes: 60, topUpMaxAgeHours: 72 });
  });

  it("fills a well-known chain's id, decimals and confirmations, checksums its addresses, and takes TRON's defaults", () => {
    const { chains } = loadConfig({
      PAY_CHAINS: "eth, TRON",
      PAY_ETH_RPC_URL: "https://eth.example/rpc",
      PAY_ETH_USDT: ETH_USDT.toLowerCase(),
      PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT,
      PAY_TRON_USDT: TRON_USDT,
      PAY_TRON_DEPOSIT_ADDRESS: TRON_USDT,
      PAY_TRON_API_KEY: "key",
    }).pay;
    expect(chains).toEqual([
      {
        code: "ETH",
        kind: "evm",
        rpcUrl: "https://eth.example/rpc",
        apiKey: undefined,
        chainId: 1,
        usdt: ETH_USDT,
        decimals: 6,
        depositAddress: "0x00000000000000000000000000000000000000D1",
        confirmations: 12,
      },
      {
        code: "TRON",
        kind: "tron",
        rpcUrl: "https://api.trongrid.io",
        apiKey: "key",
        chainId: null,
        usdt: TRON_USDT,
        decimals: 6,
        depositAddress: TRON_USDT,
        confirmations: 19,
      },
    ]);
    const bsc = loadConfig({
      PAY_CHAINS: "BSC",
      PAY_BSC_RPC_URL: "https://bsc.example",
      PAY_BSC_USDT: ETH_USDT,
      PAY_BSC_DEPOSIT_ADDRESS: DEPOSIT,
    }).pay.chains[0];
    expect(bsc).toMatchObject({ chainId: 56, decimals: 18, confirmations: 15 });
  });

  it("refuses a chain without its settings, a bad address, an unknown code without its id, and strays", () => {
    const base = { PAY_CHAINS: "ETH", PAY_ETH_RPC_URL: "https://eth.example", PAY_ETH_USDT: ETH_USDT };
    expect(() => loadConfig(base)).toThrow(/PAY_ETH_DEPOSIT_ADDRESS/);
    expect(() => loadConfig({ ...base, PAY_ETH_DEPOSIT_ADDRESS: "0x1234" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT, PAY_ETH_RPC_URL: "ftp://x" })).toThrow(
      /PAY_ETH_RPC_URL/,
    );
    expect(() =>
      loadConfig({
        PAY_CHAINS: "ARB",
        PAY_ARB_RPC_URL: "https://arb.example",
        PAY_ARB_USDT: ETH_USDT,
        PAY_ARB_DEPOSIT_ADDRESS: DEPOSIT,
      }),
    ).toThrow(/PAY_ARB_CHAIN_ID/);
    expect(() => loadConfig({ ...base, PAY_ETH_DEPOSIT_ADDRESS: DEPOSIT, PAY_BSC_USDT: ETH_USDT })).toThrow(
      /PAY_BSC_USDT is set but BSC is not in PAY_CHAINS/,
    );
    expect(() =>
      loadConfig({
        PAY_CHAINS: "TRON",
        PAY_TRON_USDT: `${TRON_USDT.slice(0, -1)}u`,
        PAY_TRON_DEPOSIT_ADDRESS: TRON_USDT,
      }),
    ).toThrow(/PAY_TRON_USDT/);
  });
});
