import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import {
  connectWalletAddressAtom,
  connectWalletChainIdAtom,
  connectWalletNameAtom,
} from "../../../shared/settings/settings.ts";
import { tokenStore } from "../../../shared/storage/token-store.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { Eip1193Provider } from "../../../shared/wallet/eip1193.ts";
import { callsTo, fakeAuthApi } from "../testing/fake-auth-api.ts";
import { SignInButton } from "./SignInButton.tsx";
import { SignInDialogHost } from "./SignInDialogHost.tsx";

const ADDRESS = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
let stopAnnouncing: (() => void) | undefined;

afterEach(() => {
  stopAnnouncing?.();
  stopAnnouncing = undefined;
});

/**
 * A fake EIP-1193 wallet announced by EIP-6963 as MetaMask; `rejectWith` fails its first request. It starts on
 * `chain.start` (Ethereum) and switches when asked, unless `chain.refuseSwitch`.
 */
function announceMetaMask(rejectWith?: number, chain: { start?: string; refuseSwitch?: boolean } = {}) {
  const methods: string[] = [];
  let chainId = chain.start ?? "0x1";
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      methods.push(method);
      if (rejectWith !== undefined) throw Object.assign(new Error("no"), { code: rejectWith });
      if (method === "eth_requestAccounts") return [ADDRESS];
      if (method === "eth_chainId") return chainId;
      if (method === "wallet_switchEthereumChain") {
        if (chain.refuseSwitch) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        const [target] = params ?? [];
        if (typeof target === "object" && target !== null && "chainId" in target) chainId = String(target.chainId);
        return null;
      }
      if (method === "personal_sign") return "0x1234";
      throw new Error(`unexpected ${method}`);
    },
    on: () => undefined,
    removeListener: () => undefined,
  };
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent("eip6963:announceProvider", {
        detail: Object.freeze({
          info: { uuid: "uuid-1", name: "MetaMask", icon: "data:image/svg+xml,<svg/>", rdns: "io.metamask" },
          provider,
        }),
      }),
    );
  window.addEventListener("eip6963:requestProvider", announce);
  stopAnnouncing = () => window.removeEventListener("eip6963:requestProvider", announce);
  return { methods };
}

async function openWallets() {
  const api = fakeAuthApi({
    userLogin: () => ({ data: { user_token: "wallet-token", user_id: "11", account: ADDRESS } }),
  });
  const user = userEvent.setup();
  const { store } = renderWithProviders(
    <>
      <SignInButton />
      <SignInDialogHost />
    </>,
  );
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Sign in" }));
  await user.click(dialog.getByRole("button", { name: /Browser wallet/ }));
  const wallets = within(dialog.getByRole("list", { name: "Browser wallets" }));
  return { api, user, store, wallets };
}

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("browser wallets", () => {
  it("lists MetaMask, OKX Wallet, TokenPocket and Bitget; signs in with an announced wallet", async () => {
    const { methods } = announceMetaMask();
    const { api, user, store, wallets } = await openWallets();
    expect(
      wallets.getAllByRole("button").map((button) => button.textContent?.replace(describedText(button), "")),
    ).toEqual(["MetaMask", "OKX Wallet", "TokenPocket", "Bitget"]);
    const metaMask = wallets.getByRole("button", { name: "MetaMask" });
    expect(describedText(metaMask)).toBe("Detected");
    expect(describedText(wallets.getByRole("button", { name: "OKX Wallet" }))).toBe("Not installed");

    await user.click(metaMask);
    await waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedIn"));
    expect(methods).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);
    expect(callsTo(api.calls, "wallet/nonce")).toHaveLength(1);
    expect(callsTo(api.calls, "userLogin")[0]?.body).toMatchObject({
      type: 1,
      wallet_address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      signature: "0x1234",
    });
    expect(tokenStore.get()).toBe("wallet-token");
    expect(store.get(connectWalletAddressAtom)).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(store.get(connectWalletChainIdAtom)).toBe(1);
    expect(store.get(connectWalletNameAtom)).toBe("MetaMask");
    expect(localStorage.getItem("connectWalletName")).toBe("MetaMask");
  });

  it("says nothing when the user rejects the request in the wallet (4001)", async () => {
    const { methods } = announceMetaMask(4001);
    const { api, user, store, wallets } = await openWallets();
    await user.click(wallets.getByRole("button", { name: "MetaMask" }));
    await waitFor(() => expect(methods).toEqual(["eth_requestAccounts"]));
    await waitFor(() => expect(wallets.getByRole("button", { name: "MetaMask" })).toBeEnabled());
    expect(screen.getByRole("status").textContent).toBe("");
    expect(callsTo(api.calls, "userLogin")).toHaveLength(0);
    expect(store.get(loginStatusAtom)).not.toBe("loggedIn");
  });

  it("says the signing was cancelled for the wallets' code 100", async () => {
    announceMetaMask(100);
    const { user, wallets } = await openWallets();
    await user.click(wallets.getByRole("button", { name: "MetaMask" }));
    expect(await screen.findByText("Signing was cancelled.")).toBeInTheDocument();
  });

  it("asks a wallet on a chain sign-in does not take (Base) to switch to Ethereum, then signs in on Ethereum", async () => {
    const { methods } = announceMetaMask(undefined, { start: "0x2105" });
    const { api, user, store, wallets } = await openWallets();
    await user.click(wallets.getByRole("button", { name: "MetaMask" }));
    await waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedIn"));
    expect(methods).toEqual([
      "eth_requestAccounts",
      "eth_chainId",
      "eth_chainId",
      "wallet_switchEthereumChain",
      "eth_chainId",
      "personal_sign",
    ]);
    expect(callsTo(api.calls, "userLogin")[0]?.body).toMatchObject({
      message: expect.stringContaining("Chain ID: 1\n"),
    });
    expect(store.get(connectWalletChainIdAtom)).toBe(1);
  });

  it("says plainly that sign-in needs Ethereum when the user refuses the switch", async () => {
    const { methods } = announceMetaMask(undefined, { start: "0x2105", refuseSwitch: true });
    const { api, user, store, wallets } = await openWallets();
    await user.click(wallets.getByRole("button", { name: "MetaMask" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Wallet sign-in needs your wallet on Ethereum. Switch your wallet to Ethereum, then sign in again.",
    );
    expect(methods).not.toContain("personal_sign");
    expect(callsTo(api.calls, "wallet/nonce")).toHaveLength(0);
    expect(store.get(loginStatusAtom)).not.toBe("loggedIn");
  });

  it("asks to install a wallet that is missing, by name", async () => {
    const { api, user, wallets } = await openWallets();
    await user.click(wallets.getByRole("button", { name: "OKX Wallet" }));
    expect(await screen.findByText("Please install OKX Wallet first.")).toBeInTheDocument();
    expect(callsTo(api.calls, "wallet/nonce")).toHaveLength(0);
  });
});
