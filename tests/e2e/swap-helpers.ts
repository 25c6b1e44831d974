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
  isHex,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { E2E_CHAIN_ID, E2E_SWAPPERS, E2E_TUSD, E2E_V2_ROUTER, E2E_WETH } from "./e2e-chain.ts";

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
  const index = (testInfo.project.name === "desktop" ? 1 : 0) + 2 * (testInfo.repeatEachIndex % 2);
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

/** A transaction the page's wallet sent, as the chain mined it. */
export interface SentTransaction {
  hash: Hex;
  to: string;
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
 * A wallet in the page that swaps on the e2e chain: an EIP-1193 provider on window.ethereum (announced by EIP-6963
 * as MetaMask) whose account is one of anvil's unlocked swappers. Like a wallet the site was never allowed to use, it
 * gives no account until eth_requestAccounts (then remembers the permission for the test's page), and like a wallet
 * fresh from its install it starts on Ethereum (chain 1) and moves to the e2e chain when the app asks
 * (wallet_switchEthereumChain). Accounts, chain and personal_sign (with the swapper's key, in Node) are answered
 * here; every other call (eth_sendTransaction, eth_call, receipts...) is forwarded in Node to the e2e chain, so the
 * page's approvals and swaps are real transactions on it.
 *
 * The same as pay-helpers.ts' installChainWallet, generalised: the swappers' keys, the permission, and a hook
 * before a swap is sent.
 */
export async function installSwapWallet(page: Page, swapper: Address): Promise<SwapWalletHandle> {
  const account = privateKeyToAccount(swapperKey(swapper));
  let allowed = false;
  let hook: (() => Promise<void>) | null = null;
  const sent: SentTransaction[] = [];
  await page.exposeFunction("__e2eSwapSign", async (message: string) => {
    if (!isHex(message)) throw new Error("personal_sign expects the message as hex");
    return account.signMessage({ message: { raw: message } });
  });
  await page.exposeFunction("__e2eSwapAccounts", (request: boolean) => {
    if (request) allowed = true;
    return allowed ? [account.address.toLowerCase()] : [];
  });
  const rpcUrl = `http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`;
  let id = 0;
  await page.exposeFunction("__e2eSwapRpc", async (method: string, params: unknown[]) => {
    const tx = method === "eth_sendTransaction" ? (params[0] as { to?: unknown } | undefined) : undefined;
    const to = typeof tx?.to === "string" ? tx.to : "";
    if (tx && hook && to.toLowerCase() === E2E_V2_ROUTER.toLowerCase()) {
      const run = hook;
      hook = null;
      await run();
    }
    id += 1;
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) return { error: body.error };
    if (tx && typeof body.result === "string" && isHex(body.result)) sent.push({ hash: body.result, to });
    return { result: body.result ?? null };
  });
  await page.addInitScript(
    ({ chainIdHex }: { chainIdHex: string }) => {
      type Listener = (...args: unknown[]) => void;
      type Forwarded = { result?: unknown; error?: { code: number; message: string } };
      const listeners = new Map<string, Set<Listener>>();
      const win = window as unknown as Window & {
        __e2eSwapRpc: (method: string, params: unknown[]) => Promise<Forwarded>;
        __e2eSwapSign: (message: string) => Promise<string>;
        __e2eSwapAccounts: (request: boolean) => Promise<string[]>;
      };
      let chainId = "0x1";
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts": {
              const accounts = await win.__e2eSwapAccounts(true);
              for (const listener of listeners.get("accountsChanged") ?? []) listener(accounts);
              return accounts;
            }
            case "eth_accounts":
              return win.__e2eSwapAccounts(false);
            case "eth_chainId":
              return chainId;
            case "personal_sign":
              return win.__e2eSwapSign(String(params?.[0]));
            case "wallet_switchEthereumChain": {
              const wanted = (params?.[0] as { chainId?: string } | undefined)?.chainId?.toLowerCase();
              if (wanted !== chainIdHex && wanted !== "0x1") {
                throw Object.assign(new Error(`Unrecognized chain ID ${wanted}`), { code: 4902 });
              }
              if (wanted !== chainId) {
                chainId = wanted;
                for (const listener of listeners.get("chainChanged") ?? []) listener(chainId);
              }
              return null;
            }
            case "wallet_addEthereumChain":
              return null;
            default: {
              const answer = await win.__e2eSwapRpc(method, params ?? []);
              if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
              return answer.result;
            }
          }
        },
        on(event: string, listener: Listener) {
          const set = listeners.get(event) ?? new Set<Listener>();
          set.add(listener);
          listeners.set(event, set);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
      Object.defineProperty(window, "ethereum", { value: provider, configurable: true });
      const info = {
        uuid: "5a0e2e00-7a1e-4c55-9a55-e2ec4a1e5a5a",
        name: "MetaMask",
        icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Crect width='24' height='24' rx='6' fill='%23f6851b'/%3E%3C/svg%3E",
        rdns: "io.metamask",
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener("eip6963:requestProvider", announce);
      announce();
    },
    { chainIdHex: `0x${E2E_CHAIN_ID.toString(16)}` },
  );
  return {
    address: account.address,
    sent,
    beforeNextSwap(next) {
      hook = next;
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
    }),
  );
}
