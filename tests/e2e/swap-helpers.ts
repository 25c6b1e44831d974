import type { Page, TestInfo } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { MOVE_GAS } from "../support/uniswap-v2-chain.ts";
import { E2E_CHAIN_ID, E2E_SWAPPERS, E2E_TUSD, E2E_V2_ROUTER, E2E_WETH } from "./e2e-chain.ts";
import { installWallet, type SentTransaction } from "./test-wallet.ts";

/** anvil's public test keys of accounts 5-8, the swappers (E2E_SWAPPERS, in order) */
const SWAPPER_KEYS: readonly Hex[] = [
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
];

function swapperKey(swapper: string): Hex {
  const index = E2E_SWAPPERS.findIndex((address) => address.toLowerCase() === swapper.toLowerCase());
  const key = SWAPPER_KEYS[index];
  if (!key || privateKeyToAccount(key).address.toLowerCase() !== swapper.toLowerCase()) {
    throw new Error(`${swapper} is not an e2e swapper`);
  }
  return key;
}

/**
 * The swapper of a test. Tests of one file run one after another in one worker (playwright.config.ts has no
 * fullyParallel), so the file's tests share a swapper; what runs at the same time is the other project and, with
 * --repeat-each, the other repetition. Each of those gets its own wallet, so no two pages ever share a nonce.
 */
export function swapperFor(testInfo: TestInfo): Address {
  // four swappers: two projects times two repetitions; a third repetition would share a wallet's nonce
  if (testInfo.repeatEachIndex > 1) throw new Error("the swap tests have wallets for --repeat-each up to 2");
  const index = (testInfo.project.name === "desktop" ? 1 : 0) + 2 * testInfo.repeatEachIndex;
  const swapper = E2E_SWAPPERS[index];
  if (!swapper) throw new Error("no swapper left");
  return getAddress(swapper);
}

export const e2eChain = defineChain({
  id: E2E_CHAIN_ID,
  name: "e2e",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`] } },
});
const transport = http();
export const chainReader = createPublicClient({ chain: e2eChain, transport });

/** An ERC-20 balance on the e2e chain, raw. */
export function tokenBalance(token: Address, owner: Address): Promise<bigint> {
  return chainReader.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
}

/** What the router may take of `owner`'s `token`, raw. */
export function routerAllowance(token: Address, owner: Address): Promise<bigint> {
  return chainReader.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [owner, E2E_V2_ROUTER],
  });
}

export function ethBalance(owner: Address): Promise<bigint> {
  return chainReader.getBalance({ address: owner });
}

export interface SwapWalletHandle {
  address: Address;
  /** the transactions the page's wallet sent, in order */
  sent: SentTransaction[];
  /**
   * Runs `hook` (in Node) once, when the page next asks the wallet to send a transaction to the router, before the
   * wallet sends it: as if something happened on chain while the user looked at the wallet's confirmation.
   */
  beforeNextSwap(hook: () => Promise<void>): void;
}

/**
 * A wallet in the page that swaps on the e2e chain (test-wallet.ts) whose account is one of anvil's unlocked
 * swappers. Like a wallet the site was never allowed to use, it gives no account until eth_requestAccounts, and like
 * a wallet fresh from its install it starts on Ethereum and moves to the e2e chain when the app asks; the page's
 * approvals and swaps are real transactions on that chain.
 */
export async function installSwapWallet(page: Page, swapper: Address): Promise<SwapWalletHandle> {
  const wallet = await installWallet(page, {
    privateKey: swapperKey(swapper),
    asksForAccounts: true,
    chainIds: [E2E_CHAIN_ID],
  });
  return {
    address: wallet.address,
    sent: wallet.sent,
    beforeNextSwap(hook) {
      wallet.beforeNextSend(E2E_V2_ROUTER, hook);
    },
  };
}

/**
 * The swapper approves the router for `amount` of `token` from outside the page (as an earlier visit or another
 * app would have), and waits for it to be mined.
 */
export async function approveRouterFromOutside(swapper: Address, token: Address, amount: bigint): Promise<void> {
  const wallet = createWalletClient({ account: privateKeyToAccount(swapperKey(swapper)), chain: e2eChain, transport });
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [E2E_V2_ROUTER, amount],
  });
  const receipt = await chainReader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") throw new Error("the approval reverted");
}

const mintAbi = parseAbi(["function mint(address to, uint256 value)"]);
const routerAbi = parseAbi([
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

/**
 * Someone else sells `tusd` (raw) TUSD for ETH in the TUSD/WETH pool, making ETH dearer for the next buyer, and the
 * swap is mined. The seller is an account of this test alone (derived from the project and the repetition, given
 * its gas through anvil): tests moving prices at the same time never share a nonce. tests/support/uniswap-v2-chain.ts'
 * movePrice needs the deployment's handle (and has one fixed account for every caller), so it is not used here.
 */
export async function sellTusdForEthFromOutside(testInfo: TestInfo, tusd: bigint): Promise<Hex> {
  const mover = privateKeyToAccount(
    keccak256(toHex(`swap e2e price mover ${testInfo.project.name} ${testInfo.repeatEachIndex}`)),
  );
  const control = createTestClient({ mode: "anvil", chain: e2eChain, transport });
  const held = await chainReader.getBalance({ address: mover.address });
  await control.setBalance({ address: mover.address, value: held + parseEther("1") });
  const wallet = createWalletClient({ account: mover, chain: e2eChain, transport });
  const mined = async (hash: Hex) => {
    const receipt = await chainReader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`the price mover's transaction ${hash} reverted`);
    return hash;
  };
  await mined(
    await wallet.writeContract({ address: E2E_TUSD, abi: mintAbi, functionName: "mint", args: [mover.address, tusd] }),
  );
  await mined(
    await wallet.writeContract({
      address: E2E_TUSD,
      abi: erc20Abi,
      functionName: "approve",
      args: [E2E_V2_ROUTER, tusd],
    }),
  );
  return mined(
    await wallet.writeContract({
      address: E2E_V2_ROUTER,
      abi: routerAbi,
      functionName: "swapExactTokensForETH",
      args: [tusd, 0n, [E2E_TUSD, E2E_WETH], mover.address, maxUint256],
      // set, not estimated: see MOVE_GAS in tests/support/uniswap-v2-chain.ts
      gas: MOVE_GAS,
    }),
  );
}
