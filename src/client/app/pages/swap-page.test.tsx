import { msg } from "@lingui/core/macro";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { swapServer } from "../../features/swap/testing/swap-fixtures.ts";
import { createBrowserHost } from "../../host/browser-host.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { searchTabAtom } from "../../shared/settings/settings.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../shared/testing/stub-api.ts";
import SwapPage from "./SwapPage.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("swap page", () => {
  it("opens prefilled from the aiSwap handoff, beside the transaction record", async () => {
    stubApi(swapServer());
    window.history.replaceState(null, "", "/swap?fromChainId=1&fromToken=USDC&toToken=ETH&amount=25");
    const { store } = renderWithProviders(<SwapPage title={msg`Swap`} />);
    act(() => store.set(loginStatusAtom, "loggedOut"));
    expect(await screen.findByRole("heading", { level: 1, name: "Swap" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Token to pay: USDC on Ethereum" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Token to receive: ETH on Ethereum" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "You pay" })).toHaveValue("25");
    expect(screen.getByRole("heading", { name: "Transaction record" })).toBeInTheDocument();
  });

  it("/aiBuyCoins offers to ask in words: the chat opens in its aiSwap mode", async () => {
    stubApi(swapServer());
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/aiBuyCoins");
    const { store } = renderWithProviders(<SwapPage title={msg`AI one-click buy`} />);
    await user.click(await screen.findByRole("button", { name: "Ask MountainLion" }));
    expect(store.get(searchTabAtom)).toBe("aiSwap");
    expect(window.location.pathname).toBe("/");
  });

  it("inside Telegram (no browser wallets) does not offer the swap agent's words", async () => {
    stubApi(swapServer());
    window.history.replaceState(null, "", "/swap");
    renderWithProviders(<SwapPage title={msg`Swap`} />, {
      ...createBrowserHost(),
      loginMethods: ["telegram", "email", "walletConnect", "tonConnect"],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Swap" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ask MountainLion" })).toBeNull();
  });
});
