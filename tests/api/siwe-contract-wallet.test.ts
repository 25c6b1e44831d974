import { readFileSync } from "node:fs";
import solc from "solc";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  keccak256,
  padHex,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { serializeErc6492Signature } from "viem/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Anvil, startAnvil } from "./anvil.ts";
import { call, createTestDatabase, startTestServer, type TestDatabase, type TestServer } from "./harness.ts";

/**
 * Smart-contract wallets sign in through the chain's node: a minimal ERC-1271 wallet (fixtures/Erc1271Wallet.sol,
 * compiled here with solc) is deployed on an anvil chain, its owner's key signs the SIWE message, and the server
 * asks the contract (isValidSignature) through EVM_RPC_URL_<chainId>. A wallet not deployed yet signs in with an
 * ERC-6492 signature that names its factory.
 */

const CHAIN_ID = 31337;
/** anvil's first funded account (a public test key): pays for the deployments */
const DEPLOYER = privateKeyToAccount("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
const owner = privateKeyToAccount(`0x${"4b".repeat(32)}`);
const stranger = privateKeyToAccount(`0x${"5c".repeat(32)}`);

const artifactSchema = z.object({
  abi: z.array(z.record(z.string(), z.unknown())),
  evm: z.object({ bytecode: z.object({ object: z.string().regex(/^[0-9a-f]+$/) }) }),
});
const outputSchema = z.object({
  errors: z.array(z.object({ severity: z.string(), formattedMessage: z.string() })).optional(),
  contracts: z.record(z.string(), z.record(z.string(), artifactSchema)).optional(),
});

interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles the fixture with the solc npm package (standard JSON in, standard JSON out). */
function compileFixture(): Record<"Erc1271Wallet" | "Erc1271WalletFactory", Artifact> {
  const source = readFileSync(new URL("./fixtures/Erc1271Wallet.sol", import.meta.url), "utf8");
  const input = {
    language: "Solidity",
    sources: { "Erc1271Wallet.sol": { content: source } },
    settings: { evmVersion: "paris", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const compile = solc.compile as (input: string) => string;
  const output = outputSchema.parse(JSON.parse(compile(JSON.stringify(input))));
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  const contracts = output.contracts?.["Erc1271Wallet.sol"];
  const artifact = (name: string): Artifact => {
    const found = contracts?.[name];
    if (!found) throw new Error(`solc produced no ${name}`);
    return { abi: found.abi as unknown as Abi, bytecode: `0x${found.evm.bytecode.object}` };
  };
  return { Erc1271Wallet: artifact("Erc1271Wallet"), Erc1271WalletFactory: artifact("Erc1271WalletFactory") };
}

let anvil: Anvil;
let db: TestDatabase;
let srv: TestServer;
let wallet: Address;
let factory: Address;
let contracts: ReturnType<typeof compileFixture>;

async function deploy(artifact: Artifact, args: readonly unknown[]): Promise<Address> {
  const transport = http(anvil.url);
  const chain = {
    id: CHAIN_ID,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  };
  const sender = createWalletClient({ account: DEPLOYER, chain, transport });
  const reader = createPublicClient({ chain, transport });
  const hash = await sender.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress || receipt.status !== "success") throw new Error("the deployment failed");
  return receipt.contractAddress;
}

beforeAll(async () => {
  contracts = compileFixture();
  anvil = await startAnvil(CHAIN_ID);
  wallet = await deploy(contracts.Erc1271Wallet, [owner.address]);
  factory = await deploy(contracts.Erc1271WalletFactory, []);
  db = await createTestDatabase();
  srv = await startTestServer({
    ...db.env,
    SIWE_CHAIN_IDS: `1,${CHAIN_ID}`,
    [`EVM_RPC_URL_${CHAIN_ID}`]: anvil.url,
  });
}, 120_000);
afterAll(async () => {
  await srv?.stop();
  await db?.drop();
  await anvil?.stop();
});

/** A SIWE message for `address` on the anvil chain with a fresh nonce, signed by `signer`'s key. */
async function signedBy(address: Address, signer = owner) {
  const res = await call(srv.url, "/wallet/nonce");
  const given = res.json?.data as { nonce: string; issuedAt: string; expirationTime: string; statement: string };
  const message = createSiweMessage({
    address,
    domain: new URL(srv.url).host,
    uri: srv.url,
    version: "1",
    chainId: CHAIN_ID,
    nonce: given.nonce,
    issuedAt: new Date(given.issuedAt),
    expirationTime: new Date(given.expirationTime),
    statement: given.statement,
  });
  return { message, signature: await signer.signMessage({ message }) };
}

const login = (address: Address, signed: { message: string; signature: Hex }) =>
  call(srv.url, "/userLogin", { body: { type: 1, wallet_address: address, ...signed } });

describe("smart-contract wallets (ERC-1271, ERC-6492) through the chain's node", () => {
  it("signs a deployed ERC-1271 wallet in when its owner's key signed, the contract saying so", async () => {
    const res = await login(wallet, await signedBy(wallet));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ code: 200, data: { account: wallet.toLowerCase() } });
    const again = await login(wallet, await signedBy(wallet));
    expect(again.json?.data.user_id).toBe(res.json?.data.user_id);
  });

  it("refuses the wallet when another key signed: the contract says no", async () => {
    const res = await login(wallet, await signedBy(wallet, stranger));
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 1001, data: { field: "signature", key: "loginFailed" } });
  });

  it("signs in a wallet not deployed yet with an ERC-6492 signature naming its factory", async () => {
    const salt = padHex(toHex(7), { size: 32 });
    const initCode = encodeDeployData({
      abi: contracts.Erc1271Wallet.abi,
      bytecode: contracts.Erc1271Wallet.bytecode,
      args: [owner.address],
    });
    const future = getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecodeHash: keccak256(initCode) });
    const reader = createPublicClient({ transport: http(anvil.url) });
    expect(await reader.getCode({ address: future })).toBeUndefined();
    const signed = await signedBy(future);
    const factoryData = encodeFunctionData({
      abi: contracts.Erc1271WalletFactory.abi,
      functionName: "deploy",
      args: [owner.address, salt],
    });
    const wrapped = serializeErc6492Signature({ address: factory, data: factoryData, signature: signed.signature });
    const res = await login(future, { message: signed.message, signature: wrapped });
    expect(res.json).toMatchObject({ code: 200, data: { account: future.toLowerCase() } });
  });

  it("answers 502 Serverbusy, not a refusal, when the chain's node cannot be reached", async () => {
    const signed = await signedBy(wallet);
    await anvil.stop();
    const res = await login(wallet, signed);
    expect(res.status).toBe(502);
    expect(res.json).toMatchObject({ code: 1001, data: { key: "Serverbusy" } });
    expect(res.text).not.toContain(anvil.url);
    const logged = JSON.stringify(srv.logs);
    expect(srv.logs).toContainEqual(expect.objectContaining({ msg: "evm node unavailable" }));
    expect(logged).not.toContain(anvil.url);
  });
});
