import { describe, expect, it } from "vitest";
import { Swap } from "../../../../contract/constants.ts";
import { chainEntrySchema } from "../../../../contract/swap.ts";
import type { SwapSettings } from "../../../config-swap.ts";
import { quotableChainIds } from "../../../providers/swap/quote-sources.ts";
import { swapSettings } from "../testing/settings.ts";
import { createChainTable, LOCAL_NETWORK, RPC_BATCH_SIZE } from "./chain-table.ts";

const local = {
  chainId: 31_337,
  router: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  tokens: [],
  rpcUrl: "http://127.0.0.1:8545",
  name: "Test chain",
} as const satisfies SwapSettings["uniswapV2"];

describe("chain table", () => {
  const table = createChainTable(swapSettings());
  const all = table.all();
  const evm = all.filter((entry) => entry.isEvm);

  it("has about 60 EVM networks, spec §3's first codes first, plus BTC and TRON", () => {
    expect(evm.length).toBeGreaterThanOrEqual(60);
    expect(all.slice(0, 4).map((entry) => entry.netWork)).toEqual(["ETH", "BSC", "HECO", "POLYGON"]);
    expect(all.slice(0, 4).map((entry) => entry.chainId)).toEqual([1, 56, 128, 137]);
    expect(new Set(all.map((entry) => entry.netWork)).size).toBe(all.length);
    expect(new Set(all.map((entry) => entry.chainId)).size).toBe(all.length);
    for (const entry of all) {
      expect(chainEntrySchema.parse(entry)).toEqual(entry);
      expect(entry.netWork).toMatch(/^[A-Z0-9]+$/);
    }
    for (const entry of evm) {
      expect(entry.rpcUrl).toMatch(/^https:\/\//);
      expect(entry.gasLimit).toBeGreaterThanOrEqual(500_000);
      for (const url of entry.blockExplorerUrls) expect(url).toMatch(/^https:\/\/.*[^/]$/);
    }
    expect(table.byId(Swap.btcChainId)).toMatchObject({ netWork: "BTC", symbol: "BTC", decimals: 8, isEvm: false });
    expect(table.byId(Swap.tronLinkChainId)).toMatchObject({
      netWork: "TRON",
      symbol: "TRX",
      decimals: 6,
      isEvm: false,
    });
    expect(table.client(Swap.btcChainId)).toBeUndefined();
    expect(table.client(Swap.tronLinkChainId)).toBeUndefined();
  });

  it("takes the native coin and explorer from viem's definitions", () => {
    expect(table.byId(1)).toMatchObject({ name: "Ethereum", symbol: "ETH", decimals: 18, multicall: true });
    expect(table.byId(56)).toMatchObject({ symbol: "BNB", blockExplorerUrls: ["https://bscscan.com"] });
    expect(table.byId(137)).toMatchObject({ symbol: "POL" });
    expect(table.byId(43114)).toMatchObject({ netWork: "AVAXC", symbol: "AVAX" });
    // viem knows no Multicall3 on these
    expect(table.byId(128)).toMatchObject({ netWork: "HECO", symbol: "HT", multicall: false });
    expect(table.byId(9001)).toMatchObject({ netWork: "EVMOS", multicall: false });
  });

  it("marks exactly WalletConnect's chain ids (spec §5)", () => {
    const ids = all.filter((entry) => entry.walletConnect).map((entry) => entry.chainId);
    expect(ids.sort((a, b) => a - b)).toEqual([...Swap.walletConnectChainIds].sort((a, b) => a - b));
  });

  it("marks swappable exactly the chains a configured source quotes on, none when no source is", () => {
    const quotable = quotableChainIds(swapSettings());
    expect(
      evm
        .filter((entry) => entry.swappable)
        .map((entry) => entry.chainId)
        .sort((a, b) => a - b),
    ).toEqual([...quotable].filter((id) => table.byId(id) !== undefined).sort((a, b) => a - b));
    expect(table.byId(1)).toMatchObject({ swappable: true });
    expect(table.byId(56)).toMatchObject({ swappable: true });
    // no configured source serves HECO or Evmos: shown, not offered for swaps
    expect(table.byId(128)).toMatchObject({ swappable: false });
    expect(table.byId(9001)).toMatchObject({ swappable: false });
    expect(all.filter((entry) => !entry.isEvm).some((entry) => entry.swappable)).toBe(false);
    const none = createChainTable(swapSettings({ sources: [] })).all();
    expect(none.some((entry) => entry.swappable)).toBe(false);
  });

  it("gives explorer links of transactions", () => {
    const hash = `0x${"ab".repeat(32)}`;
    expect(table.txUrl(1, hash)).toBe(`https://etherscan.io/tx/${hash}`);
    expect(table.txUrl(5000, hash)).toBe(`https://mantlescan.xyz/tx/${hash}`);
    expect(table.txUrl(Swap.tronLinkChainId, "ab".repeat(32))).toBe(
      `https://tronscan.org/#/transaction/${"ab".repeat(32)}`,
    );
    expect(table.txUrl(424_242, hash)).toBeNull();
  });

  it("reads through CHAIN_RPC_URL_<id> when set, shows wallets the public node, and keeps one client per chain", () => {
    const custom = createChainTable(swapSettings({ rpcUrls: { 1: "http://127.0.0.1:8545/eth" } }));
    const client = custom.client(1);
    expect(client?.chain?.id).toBe(1);
    expect(client?.transport).toMatchObject({ type: "http", url: "http://127.0.0.1:8545/eth" });
    expect(custom.byId(1)?.rpcUrl).toBe(table.byId(1)?.rpcUrl);
    expect(custom.client(1)).toBe(client);
    expect(table.client(56)?.transport).toMatchObject({ url: table.byId(56)?.rpcUrl });
    expect(RPC_BATCH_SIZE).toBe(100);
    expect(custom.client(424_242)).toBeUndefined();
  });

  it("adds the local Uniswap v2 chain from the settings", () => {
    const withLocal = createChainTable(swapSettings({ sources: ["uniswapv2"], uniswapV2: local }));
    expect(withLocal.byId(local.chainId)).toEqual({
      netWork: LOCAL_NETWORK,
      chainId: local.chainId,
      name: "Test chain",
      symbol: "ETH",
      decimals: 18,
      gasLimit: 800_000,
      rpcUrl: local.rpcUrl,
      blockExplorerUrls: [],
      isEvm: true,
      walletConnect: false,
      swappable: true,
      multicall: false,
    });
    expect(withLocal.all()).toHaveLength(all.length + 1);
    expect(withLocal.client(local.chainId)?.transport).toMatchObject({ url: local.rpcUrl });
    expect(withLocal.txUrl(local.chainId, `0x${"ab".repeat(32)}`)).toBeNull();
    // without an aggregator only the local chain swaps
    expect(
      withLocal
        .all()
        .filter((entry) => entry.swappable)
        .map((entry) => entry.chainId),
    ).toEqual([local.chainId]);
  });

  it("keeps a known chain's entry when the local chain has its id, reading through the local node", () => {
    const onKnown = createChainTable(swapSettings({ sources: ["uniswapv2"], uniswapV2: { ...local, chainId: 56 } }));
    expect(onKnown.byId(56)).toMatchObject({ netWork: "BSC", swappable: true });
    expect(onKnown.byId(1)).toMatchObject({ swappable: false });
    expect(onKnown.all()).toHaveLength(all.length);
    expect(onKnown.client(56)?.transport).toMatchObject({ url: local.rpcUrl });
  });
});
