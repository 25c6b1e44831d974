import type { Page } from "@playwright/test";
import { type Address, type Hex, isHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** A transaction the page's wallet sent, as the chain took it. */
export interface SentTransaction {
  hash: Hex;
  to: string;
}

export interface TestWalletOptions {
  /** the key of the wallet's account; personal_sign is answered with it, in Node */
  privateKey: Hex;
  /**
   * true: like a wallet the site was never allowed to use, it gives no account until eth_requestAccounts (then
   * remembers the permission for the test's page). false: it gives its account at once.
   */
  asksForAccounts: boolean;
  /**
   * The chains (besides Ethereum, chain 1, where it starts) the wallet can switch to on wallet_switchEthereumChain,
   * and whose calls it does not answer itself (eth_sendTransaction, eth_call, receipts...) it forwards in Node to the
   * e2e chain (E2E_CHAIN_PORT). Left out: the wallet stays on Ethereum and refuses every other call (4200).
   */
  chainIds?: readonly number[];
}

export interface TestWalletHandle {
  address: Address;
  /** the transactions the page's wallet sent, in order */
  sent: SentTransaction[];
  /**
   * Runs `hook` (in Node) once, when the page next asks the wallet to send a transaction to `to`, before the wallet
   * sends it: as if something happened on chain while the user looked at the wallet's confirmation.
   */
  beforeNextSend(to: Address, hook: () => Promise<void>): void;
}

type Forwarded = { result?: unknown; error?: { code: number; message: string } };

/**
 * A test wallet in the page: an EIP-1193 provider on window.ethereum that also announces itself by EIP-6963 as
 * MetaMask. Accounts, chain and personal_sign are answered through functions exposed to the page; with `chainIds`
 * every other call goes to the e2e chain, so the page's transactions are real transactions on it.
 */
export async function installWallet(page: Page, options: TestWalletOptions): Promise<TestWalletHandle> {
  const account = privateKeyToAccount(options.privateKey);
  let allowed = !options.asksForAccounts;
  let hook: { to: string; run: () => Promise<void> } | null = null;
  const sent: SentTransaction[] = [];
  await page.exposeFunction("__e2eWalletSign", async (message: string) => {
    if (!isHex(message)) throw new Error("personal_sign expects the message as hex");
    return account.signMessage({ message: { raw: message } });
  });
  await page.exposeFunction("__e2eWalletAccounts", (request: boolean) => {
    if (request) allowed = true;
    return allowed ? [account.address.toLowerCase()] : [];
  });
  const rpcUrl = `http://127.0.0.1:${process.env.E2E_CHAIN_PORT}`;
  let id = 0;
  await page.exposeFunction("__e2eWalletRpc", async (method: string, params: unknown[]): Promise<Forwarded> => {
    if (!options.chainIds) return { error: { code: 4200, message: `The test wallet does not support ${method}` } };
    const tx = method === "eth_sendTransaction" ? (params[0] as { to?: unknown } | undefined) : undefined;
    const to = typeof tx?.to === "string" ? tx.to : "";
    if (tx && hook && to.toLowerCase() === hook.to) {
      const { run } = hook;
      hook = null;
      await run();
    }
    const call = async (name: string, args: unknown[]): Promise<Forwarded> => {
      id += 1;
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method: name, params: args }),
      });
      return (await response.json()) as Forwarded;
    };
    let forwarded = params;
    if (tx && !("gas" in tx)) {
      // a transaction the page sent without gas: the node's estimate, half again over it, as wallets add (a bare
      // estimate can fall short on anvil, see MOVE_GAS in tests/support/uniswap-v2-chain.ts); one that cannot be
      // estimated goes as it is, and the node answers
      const estimate = await call("eth_estimateGas", [tx]);
      if (typeof estimate.result === "string" && isHex(estimate.result)) {
        forwarded = [{ ...tx, gas: `0x${((BigInt(estimate.result) * 3n) / 2n).toString(16)}` }];
      }
    }
    const body = await call(method, forwarded);
    if (body.error) return { error: body.error };
    if (tx && typeof body.result === "string" && isHex(body.result)) sent.push({ hash: body.result, to });
    return { result: body.result ?? null };
  });
  await page.addInitScript(
    ({ asksForAccounts, chainIdsHex }: { asksForAccounts: boolean; chainIdsHex: string[] | null }) => {
      type Listener = (...args: unknown[]) => void;
      type Answer = { result?: unknown; error?: { code: number; message: string } };
      const listeners = new Map<string, Set<Listener>>();
      const win = window as unknown as Window & {
        __e2eWalletRpc: (method: string, params: unknown[]) => Promise<Answer>;
        __e2eWalletSign: (message: string) => Promise<string>;
        __e2eWalletAccounts: (request: boolean) => Promise<string[]>;
      };
      let chainId = "0x1";
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case "eth_requestAccounts": {
              const accounts = await win.__e2eWalletAccounts(true);
              if (asksForAccounts) for (const listener of listeners.get("accountsChanged") ?? []) listener(accounts);
              return accounts;
            }
            case "eth_accounts":
              return win.__e2eWalletAccounts(false);
            case "eth_chainId":
              return chainId;
            case "personal_sign":
              return win.__e2eWalletSign(String(params?.[0]));
          }
          if (chainIdsHex && method === "wallet_switchEthereumChain") {
            const wanted = (params?.[0] as { chainId?: string } | undefined)?.chainId?.toLowerCase();
            if (wanted !== "0x1" && !chainIdsHex.includes(wanted ?? "")) {
              throw Object.assign(new Error(`Unrecognized chain ID ${wanted}`), { code: 4902 });
            }
            if (wanted !== chainId) {
              chainId = wanted ?? chainId;
              for (const listener of listeners.get("chainChanged") ?? []) listener(chainId);
            }
            return null;
          }
          if (chainIdsHex && method === "wallet_addEthereumChain") return null;
          const answer = await win.__e2eWalletRpc(method, params ?? []);
          if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
          return answer.result;
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
        uuid: "0f1d3c7e-e2e0-4f6a-9a4b-7e2ee2e2e2e2",
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
    {
      asksForAccounts: options.asksForAccounts,
      chainIdsHex: options.chainIds ? options.chainIds.map((chainId) => `0x${chainId.toString(16)}`) : null,
    },
  );
  return {
    address: account.address,
    sent,
    beforeNextSend(to, run) {
      hook = { to: to.toLowerCase(), run };
    },
  };
}
