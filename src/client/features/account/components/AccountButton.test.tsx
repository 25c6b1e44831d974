import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { accountAtom, applyLogin, applyWallet, loginStatusAtom } from "../../../shared/session/session.ts";
import {
  connectWalletAddressAtom,
  connectWalletChainIdAtom,
  connectWalletNameAtom,
  userIdAtom,
} from "../../../shared/settings/settings.ts";
import { tokenStore } from "../../../shared/storage/token-store.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { fakeUserInfo } from "../testing/fake-user-info.ts";
import { AccountButton } from "./AccountButton.tsx";

async function openAccount() {
  const api = stubApi((call) => {
    if (call.path === "user/info") return { data: fakeUserInfo() };
    if (call.path === "loginOut") return { data: {} };
    return { code: 1001, data: { key: "notFound" } };
  });
  const user = userEvent.setup();
  const { store } = renderWithProviders(<AccountButton />);
  act(() => {
    applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" });
    applyWallet(store, { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", chainId: 56, name: "MetaMask" });
  });
  await user.click(screen.getByRole("button", { name: "Account" }));
  const sheet = within(await screen.findByRole("dialog", { name: "Account" }, { timeout: 5000 }));
  return { api, user, store, sheet };
}

describe("account sheet", () => {
  it("shows who is signed in, today's chats, points and check-in honestly, and the invitation code", async () => {
    const { user, sheet } = await openAccount();
    expect(await sheet.findByText("Today: 1 of 2 chats left")).toBeInTheDocument();
    expect(sheet.getByText("invest...@example.com")).toBeInTheDocument();
    expect(sheet.getByText("UID: 100007")).toBeInTheDocument();
    expect(sheet.getByRole("link", { name: "Personal center" })).toHaveAttribute("href", "/person/");
    expect(sheet.getByText("Points arrive soon")).toBeInTheDocument();
    expect(sheet.getByText("Not available yet")).toBeInTheDocument();
    await user.click(sheet.getByRole("button", { name: "Copy invitation code" }));
    // user-event puts a clipboard stub in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe("INV7X2");
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
  });

  it("logs out after confirmation and clears every piece of the session", async () => {
    const { api, user, store, sheet } = await openAccount();
    expect(localStorage.getItem("connectWalletAddress")).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    await user.click(sheet.getByRole("button", { name: "Log out" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Log out?" }));

    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(store.get(loginStatusAtom)).toBe("loggedIn");
    expect(api.calls.filter((call) => call.path === "loginOut")).toHaveLength(0);

    await user.click(sheet.getByRole("button", { name: "Log out" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Log out?" })).getByRole("button", { name: "Log out" }),
    );
    await vi.waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedOut"));
    const logout = api.calls.find((call) => call.path === "loginOut");
    expect(logout?.headers.get("authorization")).toBe("Bearer token-1");
    expect(tokenStore.get()).toBeNull();
    expect(store.get(accountAtom)).toBeNull();
    expect(store.get(userIdAtom)).toBe("");
    expect(store.get(connectWalletAddressAtom)).toBe("");
    expect(store.get(connectWalletChainIdAtom)).toBe(0);
    expect(store.get(connectWalletNameAtom)).toBe("");
    for (const key of ["token", "userId", "connectWalletAddress", "connectWalletChainID", "connectWalletName"]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(window.location.pathname).toBe("/");
  });

  it("logs out here even when the server cannot be reached", async () => {
    const { user, store, sheet } = await openAccount();
    stubApi(() => ({ status: 503, code: 1001, data: { key: "Serverbusy" } }));
    await user.click(sheet.getByRole("button", { name: "Log out" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Log out?" })).getByRole("button", { name: "Log out" }),
    );
    await vi.waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedOut"));
    expect(tokenStore.get()).toBeNull();
  });
});
