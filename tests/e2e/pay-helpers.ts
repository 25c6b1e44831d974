import type { Page } from "@playwright/test";
import { createPublicClient, createWalletClient, defineChain, type Hex, http, isHex, parseAbi, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { E2E_CHAIN_ID, E2E_USDT } from "./e2e-chain.ts";

/** anvil's public test keys of the payers (E2E_PAYERS, in order) */
const PAYER_KEYS: Record<string, Hex> = {
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc": "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906": "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65": "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
};

/**
 * A wallet in the page that pays on the e2e chain: an EIP-1193 provider on window.ethereum (announced by EIP-6963
 * as MetaMask) whose account is one of anvil's unlocked payers. Like a wallet fresh from its install it starts on
 * Ethereum (chain 1) and moves to the e2e chain when the app asks (wallet_switchEthereumChain). Accounts, chain and
 * personal_sign (with the payer's key, in Node) are answered here; every other call (eth_sendTransaction, eth_call, eth_getBalance, receipts...) is forwarded in Node to the chain
 * the e2e server verifies deposits on, so the page's transfer is a real transaction on that chain.
 */
export async function installChainWallet(page: Page, payer: string): Promise<void> {
  const key = PAYER_KEYS[payer.toLowerCase()];
  if (!key) throw new Error(`${payer} is not an e2e payer`);
  const account = privateKeyToAccount(key);
  await page.exposeFunction("__e2eChainSign", async (message: string) => {
    if (!isHex(message)) throw new Error("personal_sign expects the message as hex");
    return account.signMessage({ message: { raw: message } });
  });
  const rpcUrl = `http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`;
  let id = 0;
  await page.exposeFunction("__e2eChainRpc", async (method: string, params: unknown[]) => {
    id += 1;
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) return { error: body.error };
    return { result: body.result ?? null };
  });
  await page.addInitScript(
    ({ address, chainIdHex }: { address: string; chainIdHex: string }) => {
      type Listener = (...args: unknown[]) => void;
      type Forwarded = { result?: unknown; error?: { code: number; message: string } };
      const listeners = new Map<string, Set<Listener>>();
      const win = window as unknown as Window & {
        __e2eChainRpc: (method: string, params: unknown[]) => Promise<Forwarded>;
        __e2eChainSign: (message: string) => Promise<string>;
      };
      let chainId = "0x1";
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts":
            case "eth_accounts":
              return [address];
            case "eth_chainId":
              return chainId;
            case "personal_sign":
              return win.__e2eChainSign(String(params?.[0]));
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
              const answer = await win.__e2eChainRpc(method, params ?? []);
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
        uuid: "6a0e2e00-7a1e-4c55-9a55-e2ec4a1e2e2e",
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
    { address: payer.toLowerCase(), chainIdHex: `0x${E2E_CHAIN_ID.toString(16)}` },
  );
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
