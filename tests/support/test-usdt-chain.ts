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
  const chain: Chain = {
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  };
  const transport = http(anvil.url);
  const reader = createPublicClient({ chain, transport });
  const control = createTestClient({ mode: "anvil", chain, transport });
  const deployer = privateKeyToAccount(ANVIL_KEYS[0]);
  const walletOf = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport });
  const artifact = compileTestUsdt();
  const mined = async (hash: Hex) => {
    await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return hash;
  };
  async function deployToken(symbol: string, decimals: number): Promise<Address> {
    const hash = await walletOf(deployer).deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args: [`Test ${symbol}`, symbol, decimals],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (!receipt.contractAddress || receipt.status !== "success") throw new Error("the deployment failed");
    return receipt.contractAddress;
  }
  const usdt = await deployToken("USDT", usdtDecimals);
  return {
    anvil,
    chain,
    usdt,
    reader,
    deployToken,
    async mint(token, to, amount) {
      await mined(
        await walletOf(deployer).writeContract({
          address: token,
          abi: testUsdtAbi,
          functionName: "mint",
          args: [to, amount],
        }),
      );
    },
    async transfer(from, token, to, amount) {
      return mined(
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
      return mined(await walletOf(from).sendTransaction({ to, data, gas: 120_000n }));
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
