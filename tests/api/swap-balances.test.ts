import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import {
  type Address,
  createTestClient,
  createWalletClient,
  formatUnits,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseUnits,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode } from "../../src/contract/errors.ts";
import { NATIVE_TOKEN_ADDRESS } from "../../src/contract/swap.ts";
import { ApiError } from "../../src/server/api-error.ts";
import { createWalletBalances } from "../../src/server/features/swap/balances/wallet-balances.ts";
import { createChainTable } from "../../src/server/features/swap/chains/chain-table.ts";
import { swapSettings } from "../../src/server/features/swap/testing/settings.ts";
import { createTokenLists } from "../../src/server/features/swap/tokens/token-lists.ts";
import { manualClock } from "../../src/server/providers/clock.ts";
import { type JsonRpcProxy, startJsonRpcProxy } from "../support/json-rpc-proxy.ts";
import { ANVIL_KEYS, startUsdtChain, testUsdtAbi, type UsdtChain } from "../support/test-usdt-chain.ts";

/**
 * Wallet balances read from a real local chain (spec §7 "Other"): anvil runs 250 test ERC-20s, the local Uniswap v2
 * chain's list. Without Multicall3 the read is JSON-RPC batches of at most 100 (250 tokens and the native coin, plus
 * the block number: three batches); a second anvil serving chain id 1 gets Multicall3 (viem's published creation
 * code) at its canonical address and is read in one aggregate3 call. A counting proxy in front of each node sees
 * every HTTP request.
 */

const LOCAL_ID = 31_337;
const TOKEN_COUNT = 250;
/** the tokens minted to the owner (indexes into the list), with their amounts in whole tokens */
const FUNDED = new Map<number, string>([
  [3, "12.5"],
  [41, "1000"],
  [99, "0.000001"],
  [100, "7"],
  [180, "3"],
  [249, "42"],
]);
const owner = privateKeyToAccount(ANVIL_KEYS[1]);
const spender = getAddress(privateKeyToAccount(`0x${"5e".repeat(32)}`).address);

interface Counter {
  url: string;
  /** the JSON-RPC requests of every HTTP request, in order */
  posts: number[];
  close(): Promise<void>;
}

/** a loopback proxy that forwards to `target` and records how many JSON-RPC requests each HTTP request held */
async function startCounter(target: string): Promise<Counter> {
  const posts: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const parsed: unknown = JSON.parse(body);
      posts.push(Array.isArray(parsed) ? parsed.length : 1);
      fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body })
        .then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(await answer.text());
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** decimals of the i-th test token: a mix of 6 and 18 */
const decimalsOf = (index: number) => (index % 3 === 0 ? 6 : 18);

async function deployTokens(chain: UsdtChain, count: number, prefix: string): Promise<Address[]> {
  const tokens: Address[] = [];
  for (let i = 0; i < count; i++) {
    tokens.push(getAddress(await chain.deployToken(`${prefix}${String(i).padStart(3, "0")}`, decimalsOf(i))));
  }
  return tokens;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe("wallet balances by JSON-RPC batches (no Multicall3)", () => {
  let chain: UsdtChain;
  let counter: Counter;
  let proxy: JsonRpcProxy;
  let tokens: Address[];
  const clock = manualClock(new Date("2026-03-02T10:00:00Z"));

  const build = (rpcUrl: string, list: Address[]) => {
    const settings = swapSettings({
      sources: ["uniswapv2"],
      uniswapV2: { chainId: LOCAL_ID, router: spender, tokens: list, rpcUrl, name: "Anvil" },
    });
    const chains = createChainTable(settings);
    const tokenLists = createTokenLists({ chains, settings });
    return { chains, tokenLists, balances: createWalletBalances({ chains, tokens: tokenLists, clock }) };
  };

  beforeAll(async () => {
    chain = await startUsdtChain(LOCAL_ID);
    tokens = await deployTokens(chain, TOKEN_COUNT, "T");
    for (const [index, amount] of FUNDED) {
      const token = tokens[index];
      if (!token) throw new Error("no such token");
      await chain.mint(token, owner.address, parseUnits(amount, decimalsOf(index)));
    }
    counter = await startCounter(chain.anvil.url);
    proxy = await startJsonRpcProxy(chain.anvil.url);
  });

  afterAll(async () => {
    await counter?.close();
    await proxy?.close();
    await chain?.stop();
  });

  it("reads 250 tokens and the native coin in exactly three batches and cuts the answer to 50, funded first", async () => {
    const { balances, tokenLists } = build(counter.url, tokens);
    // the local list (the native coin and the 250 tokens, read from the chain) is read before the balances
    const list = await tokenLists.list(LOCAL_ID);
    expect(list.source).toBe("Anvil (read from the chain)");
    expect(list.tokens).toHaveLength(TOKEN_COUNT + 1);
    expect(list.tokens[0]).toMatchObject({ address: NATIVE_TOKEN_ADDRESS, symbol: "ETH", chain: "LOCAL" });
    expect(list.tokens[1]).toMatchObject({ symbol: "T000", name: "Test T000", decimals: 6 });

    counter.posts.length = 0;
    const answer = await balances.assets(owner.address, LOCAL_ID);
    expect(counter.posts).toEqual([100, 100, 52]);
    expect(answer).toMatchObject({
      address: owner.address,
      chainId: LOCAL_ID,
      tokensRead: TOKEN_COUNT + 1,
      batches: 3,
      method: "batch",
      truncated: true,
      source: "LOCAL",
      asOf: "2026-03-02T10:00:00.000Z",
    });
    expect(BigInt(answer.blockNumber)).toBe(await chain.reader.getBlockNumber({ cacheTime: 0 }));
    expect(answer.assets).toHaveLength(50);

    // the native coin first, then the funded tokens in list order, then zero balances
    const native = await chain.reader.getBalance({ address: owner.address });
    expect(answer.assets[0]).toEqual({
      address: NATIVE_TOKEN_ADDRESS,
      symbol: "ETH",
      decimals: 18,
      balance: formatUnits(native, 18),
      raw: native.toString(),
    });
    const funded = [...FUNDED.entries()].sort(([a], [b]) => a - b);
    expect(answer.assets.slice(1, 1 + funded.length)).toEqual(
      funded.map(([index, amount]) => ({
        address: tokens[index],
        symbol: `T${String(index).padStart(3, "0")}`,
        decimals: decimalsOf(index),
        balance: amount,
        raw: parseUnits(amount, decimalsOf(index)).toString(),
      })),
    );
    for (const asset of answer.assets.slice(1 + funded.length)) expect(asset.raw).toBe("0");
    // each balance is the chain's
    for (const asset of answer.assets.slice(1, 1 + funded.length)) {
      const onChain = await chain.reader.readContract({
        address: getAddress(asset.address),
        abi: testUsdtAbi,
        functionName: "balanceOf",
        args: [owner.address],
      });
      expect(asset.raw).toBe(onChain.toString());
    }
  });

  it("serves the same answer again within its time without a request, and reads again after", async () => {
    const { balances } = build(counter.url, tokens.slice(0, 20));
    const first = await balances.assets(owner.address, LOCAL_ID);
    expect(first).toMatchObject({ tokensRead: 21, batches: 1, truncated: false });
    expect(first.assets).toHaveLength(21);
    const seen = counter.posts.length;

    clock.advance(14_000);
    const again = await balances.assets(owner.address, LOCAL_ID);
    expect(again).toEqual(first);
    expect(counter.posts.length).toBe(seen);

    // another token set is another answer
    await balances.assets(owner.address, LOCAL_ID, [tokens[200] as Address]);
    expect(counter.posts.length).toBeGreaterThan(seen);
    const afterOther = counter.posts.length;

    clock.advance(1_000);
    const later = await balances.assets(owner.address, LOCAL_ID);
    expect(counter.posts.length).toBe(afterOther + 1);
    expect(later.asOf).toBe(clock.now().toISOString());
  });

  it("adds extra tokens the list lacks, and leaves out an address that is no token", async () => {
    const { balances } = build(counter.url, tokens.slice(0, 3));
    const notAToken = getAddress(privateKeyToAccount(`0x${"7a".repeat(32)}`).address);
    const { tokenLists } = build(counter.url, tokens.slice(0, 3));
    expect(await tokenLists.find(LOCAL_ID, tokens[41] as Address)).toEqual({
      symbol: "T041",
      name: "Test T041",
      address: tokens[41],
      decimals: 18,
      logoURI: null,
      isCrossEnable: false,
      isEnable: true,
      chain: "LOCAL",
      chainId: LOCAL_ID,
    });
    expect(await tokenLists.find(LOCAL_ID, notAToken)).toBeUndefined();
    const answer = await balances.assets(owner.address, LOCAL_ID, [tokens[41] as Address, notAToken]);
    expect(answer.tokensRead).toBe(5);
    expect(answer.assets.map((asset) => asset.symbol)).toEqual(["ETH", "T041", "T000", "T001", "T002"]);
  });

  it("reads one balance and one allowance", async () => {
    const { balances } = build(counter.url, []);
    const token = tokens[41] as Address;
    expect(await balances.balanceOf(owner.address, LOCAL_ID, token)).toBe(parseUnits("1000", 18));
    expect(await balances.balanceOf(owner.address, LOCAL_ID, NATIVE_TOKEN_ADDRESS)).toBe(
      await chain.reader.getBalance({ address: owner.address }),
    );
    expect(await balances.allowance(owner.address, spender, LOCAL_ID, token)).toBe(0n);
    const wallet = createWalletClient({ account: owner, chain: chain.chain, transport: http(chain.anvil.url) });
    const hash = await wallet.writeContract({
      address: token,
      abi: parseAbi(["function approve(address spender, uint256 value) returns (bool)"]),
      functionName: "approve",
      args: [spender, 123_456n],
    });
    await chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(await balances.allowance(owner.address, spender, LOCAL_ID, token)).toBe(123_456n);
  });

  it("says balancesUnavailable when the node is down", async () => {
    const { balances, tokenLists } = build(proxy.url, tokens.slice(0, 5));
    await tokenLists.list(LOCAL_ID);
    await proxy.down();
    try {
      for (const read of [
        () => balances.assets(owner.address, LOCAL_ID),
        () => balances.balanceOf(owner.address, LOCAL_ID, tokens[0] as Address),
        () => balances.allowance(owner.address, spender, LOCAL_ID, tokens[0] as Address),
      ]) {
        const error = await rejection(read());
        expect(error).toMatchObject({ code: ErrorCode.RequestFailed, key: "balancesUnavailable", status: 502 });
      }
    } finally {
      await proxy.up();
    }
    // and reads again once it is back (a failure is not kept)
    const answer = await balances.assets(owner.address, LOCAL_ID);
    expect(answer.tokensRead).toBe(6);
  });

  it("says chainNotSupported for a chain it cannot read", async () => {
    const { balances } = build(counter.url, []);
    for (const chainId of [777_777_777, 9999, 1994]) {
      const error = await rejection(balances.assets(owner.address, chainId));
      expect(error).toMatchObject({
        code: ErrorCode.RequestFailed,
        key: "chainNotSupported",
        issues: [{ field: "chainId", key: "chainNotSupported" }],
      });
    }
  });
});

/** Multicall3's creation code as viem publishes it (the code of its deployless multicall) */
function multicall3CreationCode(): Hex {
  const viemDir = dirname(createRequire(import.meta.url).resolve("viem/package.json"));
  const source = readFileSync(join(viemDir, "_esm", "constants", "contracts.js"), "utf8");
  const match = /multicall3Bytecode\s*=\s*['"](0x[0-9a-fA-F]+)['"]/.exec(source);
  if (!match?.[1]) throw new Error("viem's package has no Multicall3 code");
  return match[1] as Hex;
}

describe("wallet balances by one Multicall3 call", () => {
  let chain: UsdtChain;
  let counter: Counter;
  let tokens: Address[];
  const clock = manualClock(new Date("2026-03-02T10:00:00Z"));

  beforeAll(async () => {
    // a chain that says it is Ethereum (id 1): the table's entry has Multicall3 at viem's canonical address
    chain = await startUsdtChain(mainnet.id);
    const deployer = privateKeyToAccount(ANVIL_KEYS[0]);
    const wallet = createWalletClient({ account: deployer, chain: chain.chain, transport: http(chain.anvil.url) });
    const hash = await wallet.deployContract({ abi: [], bytecode: multicall3CreationCode() });
    const receipt = await chain.reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (!receipt.contractAddress) throw new Error("Multicall3 was not deployed");
    const code = await chain.reader.getCode({ address: receipt.contractAddress });
    const canonical = mainnet.contracts.multicall3.address;
    const control = createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.anvil.url) });
    await control.setCode({ address: canonical, bytecode: code ?? "0x" });
    tokens = await deployTokens(chain, 3, "M");
    await chain.mint(tokens[1] as Address, owner.address, parseUnits("5", decimalsOf(1)));
    counter = await startCounter(chain.anvil.url);
  });

  afterAll(async () => {
    await counter?.close();
    await chain?.stop();
  });

  it("reads the chain's list and extra tokens in one aggregate3 call", async () => {
    const settings = swapSettings({ sources: ["lifi"], rpcUrls: { [mainnet.id]: counter.url } });
    const chains = createChainTable(settings);
    expect(chains.byId(mainnet.id)).toMatchObject({ netWork: "ETH", multicall: true, swappable: true });
    const tokenLists = createTokenLists({ chains, settings });
    const balances = createWalletBalances({ chains, tokens: tokenLists, clock });
    const listed = (await tokenLists.list(mainnet.id)).tokens.length;

    // the extra tokens' symbols and decimals are read first (through Multicall3 too)
    for (const token of tokens) await tokenLists.find(mainnet.id, token);
    counter.posts.length = 0;
    const answer = await balances.assets(owner.address, mainnet.id, tokens);
    expect(counter.posts).toEqual([1]);
    expect(answer).toMatchObject({ method: "multicall", batches: 1, tokensRead: listed + 3, source: "ETH" });
    // the list's Ethereum tokens have no code on this chain: they read as nothing and are left out
    expect(answer.truncated).toBe(true);
    expect(answer.assets.map((asset) => [asset.symbol, asset.balance])).toEqual([
      ["ETH", formatUnits(await chain.reader.getBalance({ address: owner.address }), 18)],
      ["M001", "5"],
      ["M000", "0"],
      ["M002", "0"],
    ]);
    expect(BigInt(answer.blockNumber)).toBe(await chain.reader.getBlockNumber({ cacheTime: 0 }));
  });
});
