import type { Page } from "@playwright/test";
import { createPublicClient, createWalletClient, defineChain, type Hex, http, parseAbi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { E2E_CHAIN_ID, E2E_USDT } from "./e2e-chain.ts";
import { installWallet } from "./test-wallet.ts";

/** anvil's public test keys of the payers (E2E_PAYERS, in order) */
const PAYER_KEYS: Record<string, Hex> = {
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc": "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906": "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65": "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
};

/**
 * A wallet in the page that pays on the e2e chain (test-wallet.ts) whose account is one of anvil's unlocked payers.
 * It gives its account at once; like a wallet fresh from its install it starts on Ethereum and moves to the e2e chain
 * when the app asks. Its transfer is a real transaction on the chain the e2e server verifies deposits on.
 */
export async function installChainWallet(page: Page, payer: string): Promise<void> {
  const key = PAYER_KEYS[payer.toLowerCase()];
  if (!key) throw new Error(`${payer} is not an e2e payer`);
  await installWallet(page, { privateKey: key, asksForAccounts: false, chainIds: [E2E_CHAIN_ID] });
}

/**
 * Pays USDT on the e2e chain from outside the page, as a user paying from another wallet app or an exchange does,
 * and waits for the transaction to be mined; answers its hash.
 */
export async function payFromOutside(payer: string, to: string, usdt: string): Promise<Hex> {
  const key = PAYER_KEYS[payer.toLowerCase()];
  if (!key) throw new Error(`${payer} is not an e2e payer`);
  const chain = defineChain({
    id: E2E_CHAIN_ID,
    name: "e2e",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`] } },
  });
  const transport = http();
  const sender = createWalletClient({ account: privateKeyToAccount(key), chain, transport });
  const hash = await sender.writeContract({
    address: E2E_USDT,
    abi: parseAbi(["function transfer(address to, uint256 value) returns (bool)"]),
    functionName: "transfer",
    args: [to as Hex, parseUnits(usdt, 6)],
  });
  await createPublicClient({ chain, transport }).waitForTransactionReceipt({ hash });
  return hash;
}
