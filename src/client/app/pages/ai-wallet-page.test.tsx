import { msg } from "@lingui/core/macro";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { aiWalletServer } from "../../features/ai-wallet/testing/ai-wallet-fixtures.ts";
import { swapServer } from "../../features/swap/testing/swap-fixtures.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { userIdAtom } from "../../shared/settings/settings.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../shared/testing/stub-api.ts";
import AiWalletPage from "./AiWalletPage.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

const SWAP_PATHS = new Set(["getSupportChainList", "swap/getTokenList", "getWalletAssets"]);

describe("AI wallet page", () => {
  it("opens on the limit order from the swap screen's link; its tokens come from the swap token picker", async () => {
    const ai = aiWalletServer();
    const swap = swapServer();
    const api = stubApi((call: RecordedCall) => (SWAP_PATHS.has(call.path) ? swap(call) : ai(call)));
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/aiWallet?tab=trade&mode=limit");
    const { store } = renderWithProviders(<AiWalletPage title={msg`AI wallet`} />);
    act(() => {
      store.set(userIdAtom, "7");
      store.set(loginStatusAtom, "loggedIn");
    });
    expect(await screen.findByRole("heading", { level: 1, name: "AI wallet" })).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Trade", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Limit order", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Slippage tolerance" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Token to receive: none chosen" }));
    const picker = await screen.findByRole("dialog", { name: "Select the token to receive" });
    await user.click(await within(picker).findByRole("button", { name: /USDC/ }));
    expect(await screen.findByRole("button", { name: "Token to receive: USDC" })).toBeInTheDocument();
    // the picker shows the AI wallet's balances, on the AI wallet's chains
    const assets = api.calls.find((call) => call.path === "getWalletAssets");
    expect(assets?.query.get("address")).toBe("0x1234567890AbcdEF1234567890aBcdef12345678");
  });
});
