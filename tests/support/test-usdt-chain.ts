import { readFileSync } from "node:fs";
import solc from "solc";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseAbi,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { type Anvil, startAnvil } from "../api/anvil.ts";

/**
 * A local EVM chain with a USDT to pay deposits in: anvil, and the test ERC-20 of fixtures/TestUsdt.sol compiled
 * with the solc npm package and deployed by anvil's first funded account. Payers are anvil's other funded accounts
 * (their keys are anvil's public test keys).
 */

/** anvil's funded test accounts (public keys of its default mnemonic) */
export const ANVIL_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
] as const satisfies readonly Hex[];

export const testUsdtAbi = parseAbi([
  "function mint(address to, uint256 value)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function transferTwice(address to, uint256 first, uint256 second) returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
  "function decimals() view returns (uint8)",
]);

const outputSchema = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z
    .record(
      z.string(),
      z.record(
        z.string(),
        z.object({
          abi: z.array(z.record(z.string(), z.unknown())),
          evm: z.object({ bytecode: z.object({ object: z.string().regex(/^[0-9a-f]+$/) }) }),
        }),
      ),
    )
    .optional(),
});

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** TestUsdt compiled once per process (standard JSON in and out). */
export function compileTestUsdt(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const source = readFileSync(new URL("../api/fixtures/TestUsdt.sol", import.meta.url), "utf8");
  const input = {
    language: "Solidity",
    sources: { "TestUsdt.sol": { content: source } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const compile = solc.compile as (input: string) => string;
  const output = outputSchema.parse(JSON.parse(compile(JSON.stringify(input))));
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const artifact = output.contracts?.["TestUsdt.sol"]?.TestUsdt;
  if (!artifact) throw new Error("solc produced no TestUsdt");
  // solc's ABI JSON is viem's Abi type
  compiled = { abi: artifact.abi as unknown as Abi, bytecode: `0x${artifact.evm.bytecode.object}` };
  return compiled;
}

/**
 * viem clients for the local chain at `url`, anvil's account 0 (which deploys and mints) and the steps both test
 * chains (this one and uniswap-v2-chain.ts) take: waiting for a transaction, deploying a contract, minting TestUsdt.
 */
export function anvilClients(url: string, chainId: number) {
  const chain: Chain = {
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  const transport = http(url);
  const reader = createPublicClient({ chain, transport });
  const deployer = privateKeyToAccount(ANVIL_KEYS[0]);
  const walletOf = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport });
  /** the receipt once the transaction is mined, reverted or not */
  const receiptOf = (hash: Hex) => reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  /** the receipt of a transaction that must succeed */
  const mined = async (hash: Hex) => {
    const receipt = await receiptOf(hash);
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  return {
    chain,
    reader,
    control: createTestClient({ mode: "anvil", chain, transport }),
    deployer,
    walletOf,
    receiptOf,
    mined,
    /** deploys a contract from the deployer; its address as the node writes it */
    async deploy(code: { abi: Abi; bytecode: Hex }, args: readonly unknown[]): Promise<Address> {
      const receipt = await mined(await walletOf(deployer).deployContract({ ...code, args }));
      if (!receipt.contractAddress) throw new Error("the deployment made no contract");
      return receipt.contractAddress;
    },
    /** mints a TestUsdt token (anyone may) from `account` to `to` */
    async mint(account: PrivateKeyAccount, token: Address, to: Address, amount: bigint): Promise<void> {
      await mined(
        await walletOf(account).writeContract({
          address: token,
          abi: testUsdtAbi,
          functionName: "mint",
          args: [to, amount],
        }),
      );
    },
  };
}

export interface UsdtChain {
  anvil: Anvil;
  chain: Chain;
  /** the USDT contract */
  usdt: Address;
  reader: ReturnType<typeof createPublicClient>;
  /** deploys another TestUsdt (another token, or USDT with other decimals) */
  deployToken(symbol: string, decimals: number): Promise<Address>;
  mint(token: Address, to: Address, amount: bigint): Promise<void>;
  /** sends `amount` of `token` from `from` to `to`; the hash once mined (gas set: a failing transfer is mined reverted) */
  transfer(from: PrivateKeyAccount, token: Address, to: Address, amount: bigint): Promise<Hex>;
  /** sends raw call data to a contract, as a wallet does with the deposit QR's transferData */
  send(from: PrivateKeyAccount, to: Address, data: Hex): Promise<Hex>;
  /** mines `count` empty blocks */
  mine(count: number): Promise<void>;
  /** moves the chain's clock on (the next block's time) */
  increaseTime(seconds: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startUsdtChain(chainId: number, usdtDecimals = 6): Promise<UsdtChain> {
  const anvil = await startAnvil(chainId);
  const local = anvilClients(anvil.url, chainId);
  const { chain, reader, control, deployer, walletOf } = local;
  const artifact = compileTestUsdt();
  /** the hash once mined: a transfer that fails is mined reverted, and that is what some tests want */
  const sent = async (hash: Hex) => {
    await local.receiptOf(hash);
    return hash;
  };
  const deployToken = (symbol: string, decimals: number) =>
    local.deploy(artifact, [`Test ${symbol}`, symbol, decimals]);
  const usdt = await deployToken("USDT", usdtDecimals);
  return {
    anvil,
    chain,
    usdt,
    reader,
    deployToken,
    mint: (token, to, amount) => local.mint(deployer, token, to, amount),
    async transfer(from, token, to, amount) {
      return sent(
        await walletOf(from).writeContract({
          address: token,
          abi: testUsdtAbi,
          functionName: "transfer",
          args: [to, amount],
          gas: 120_000n,
        }),
      );
    },
    async send(from, to, data) {
      return sent(await walletOf(from).sendTransaction({ to, data, gas: 120_000n }));
    },
    async mine(count) {
      await control.mine({ blocks: count });
    },
    async increaseTime(seconds) {
      await control.increaseTime({ seconds });
    },
    stop: () => anvil.stop(),
  };
}
