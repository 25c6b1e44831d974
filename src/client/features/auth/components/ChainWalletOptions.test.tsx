import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import {
  connectWalletAddressAtom,
  connectWalletChainIdAtom,
  connectWalletNameAtom,
} from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { callsTo, fakeAuthApi } from "../testing/fake-auth-api.ts";
import { SignInButton } from "./SignInButton.tsx";
import { SignInDialogHost } from "./SignInDialogHost.tsx";

const TRON = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const BTC = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const TAPROOT = "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr";
const injected = ["tronLink", "tronWeb", "okxwallet", "unisat"];

afterEach(() => {
  for (const name of injected) Reflect.deleteProperty(window, name);
});

function rejected() {
  return Object.assign(new Error("User rejected"), { code: 4001 });
}

/** A fake TronLink: `answer` is what tron_requestAccounts answers; the address shows once unlocked. */
function injectTronLink(answer: unknown, unlocked: boolean) {
  const requests: unknown[] = [];
  const tronWeb = { ready: unlocked, defaultAddress: { base58: unlocked ? TRON : false, hex: false } };
  Reflect.set(window, "tronLink", {
    ready: unlocked,
    tronWeb,
    async request(args: unknown) {
      requests.push(args);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  Reflect.set(window, "tronWeb", tronWeb);
  return { requests };
}

async function openTab(tab: "EVM" | "TRON" | "BTC") {
  const api = fakeAuthApi();
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
  const tabs = within(dialog.getByRole("tablist", { name: "Wallet types" }));
  await user.click(tabs.getByRole("tab", { name: tab }));
  const panel = within(dialog.getByRole("tabpanel"));
  return { api, user, store, dialog, tabs, panel };
}

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

describe("wallet connect dialog tabs", () => {
  it("offers EVM, TRON and BTC; EVM holds the sign-in wallets and arrow keys move between tabs", async () => {
    const { user, tabs, dialog } = await openTab("EVM");
    expect(tabs.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["EVM", "TRON", "BTC"]);
    expect(tabs.getByRole("tab", { name: "EVM" })).toHaveAttribute("aria-selected", "true");
    expect(dialog.getByRole("list", { name: "Browser wallets" })).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(tabs.getByRole("tab", { name: "TRON" })).toHaveAttribute("aria-selected", "true");
    expect(dialog.getByRole("list", { name: "TRON wallets" })).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(tabs.getByRole("tab", { name: "BTC" })).toHaveAttribute("aria-selected", "true");
    const btc = within(dialog.getByRole("list", { name: "BTC wallets" }));
    expect(btc.getAllByRole("button").map((button) => button.textContent?.replace(describedText(button), ""))).toEqual([
      "OKX Wallet (BTC)",
      "UniSat",
    ]);
  });
});

describe("TRON wallets", () => {
  it("connects TronLink for balances and deposits (chain 9999) without signing in", async () => {
    const { requests } = injectTronLink({ code: 200, message: "ok" }, true);
    const { api, user, store, panel } = await openTab("TRON");
    const tronLink = panel.getByRole("button", { name: "TronLink" });
    expect(describedText(tronLink)).toBe("Detected");
    await user.click(tronLink);
    expect(await screen.findByText("Wallet connected.")).toBeInTheDocument();
    expect(requests).toEqual([{ method: "tron_requestAccounts" }]);
    expect(store.get(connectWalletAddressAtom)).toBe(TRON);
    expect(store.get(connectWalletChainIdAtom)).toBe(9999);
    expect(store.get(connectWalletNameAtom)).toBe("TronLink");
    expect(panel.getByText("Connected TronLink: TJRa...RTv8")).toBeInTheDocument();
    expect(describedText(panel.getByRole("button", { name: "TronLink" }))).toBe("Connected");
    expect(store.get(loginStatusAtom)).not.toBe("loggedIn");
    expect(callsTo(api.calls, "userLogin")).toHaveLength(0);
  });

  it("asks to log in to TronLink when it is locked", async () => {
    injectTronLink("", false);
    const { user, store, panel } = await openTab("TRON");
    await user.click(panel.getByRole("button", { name: "TronLink" }));
    expect(await screen.findByText("Please log in to TronLink first.")).toBeInTheDocument();
    expect(store.get(connectWalletAddressAtom)).toBe("");
  });

  it("says nothing when the user refuses in TronLink", async () => {
    injectTronLink({ code: 4001, message: "User rejected the request." }, false);
    const { user, store, panel } = await openTab("TRON");
    await user.click(panel.getByRole("button", { name: "TronLink" }));
    await waitFor(() => expect(panel.getByRole("button", { name: "TronLink" })).toBeEnabled());
    expect(screen.getByRole("status").textContent).toBe("");
    expect(store.get(connectWalletAddressAtom)).toBe("");
  });

  it("asks to install TronLink when it is missing, by name", async () => {
    const { user, panel } = await openTab("TRON");
    expect(describedText(panel.getByRole("button", { name: "TronLink" }))).toBe("Not installed");
    await user.click(panel.getByRole("button", { name: "TronLink" }));
    expect(await screen.findByText("Please install TronLink first.")).toBeInTheDocument();
  });
});

describe("BTC wallets", () => {
  it("connects OKX Wallet's bitcoin provider (chain 1994)", async () => {
    const connect = vi.fn(async () => ({ address: BTC, publicKey: "02abc" }));
    Reflect.set(window, "okxwallet", { bitcoin: { connect } });
    const { user, store, panel } = await openTab("BTC");
    await user.click(panel.getByRole("button", { name: "OKX Wallet (BTC)" }));
    expect(await screen.findByText("Wallet connected.")).toBeInTheDocument();
    expect(connect).toHaveBeenCalledOnce();
    expect(store.get(connectWalletAddressAtom)).toBe(BTC);
    expect(store.get(connectWalletChainIdAtom)).toBe(1994);
    expect(store.get(connectWalletNameAtom)).toBe("OKX Wallet (BTC)");
    expect(panel.getByText("Connected OKX Wallet (BTC): bc1q...5mdq")).toBeInTheDocument();
  });

  it("connects UniSat, which is marked as unable to send BTC; a refusal says nothing", async () => {
    let refuse = true;
    const requestAccounts = vi.fn(async () => {
      if (refuse) throw rejected();
      return [TAPROOT];
    });
    Reflect.set(window, "unisat", { requestAccounts });
    const { user, store, panel } = await openTab("BTC");
    const unisat = panel.getByRole("button", { name: "UniSat" });
    expect(describedText(unisat)).toBe("Detected · cannot send BTC");
    await user.click(unisat);
    await waitFor(() => expect(requestAccounts).toHaveBeenCalledOnce());
    await waitFor(() => expect(panel.getByRole("button", { name: "UniSat" })).toBeEnabled());
    expect(screen.getByRole("status").textContent).toBe("");
    expect(store.get(connectWalletAddressAtom)).toBe("");

    refuse = false;
    await user.click(panel.getByRole("button", { name: "UniSat" }));
    await waitFor(() => expect(store.get(connectWalletChainIdAtom)).toBe(1994));
    expect(store.get(connectWalletAddressAtom)).toBe(TAPROOT);
    expect(store.get(connectWalletNameAtom)).toBe("UniSat");
  });

  it("asks to install a missing BTC wallet by name", async () => {
    const { user, panel } = await openTab("BTC");
    await user.click(panel.getByRole("button", { name: "OKX Wallet (BTC)" }));
    expect(await screen.findByText("Please install OKX Wallet (BTC) first.")).toBeInTheDocument();
  });
});
