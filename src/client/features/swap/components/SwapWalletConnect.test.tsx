import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { swapServer, WALLET } from "../testing/swap-fixtures.ts";
import { SwapScreen } from "./SwapScreen.tsx";

const session = vi.hoisted(() => ({ opened: 0, disconnected: 0 }));
vi.mock("../../../shared/wallet/walletconnect-session.ts", () => ({
  connectWalletConnectSession: async () => {
    session.opened += 1;
    return {
      provider: {
        request: async ({ method }: { method: string }) => (method === "eth_accounts" ? [WALLET] : "0x1"),
      },
      disconnect: async () => {
        session.disconnected += 1;
      },
    };
  },
  WalletConnectCancelled: class extends Error {},
}));

describe("the swap's WalletConnect session", () => {
  it("is ended when the screen goes away, so no session is left open", async () => {
    stubApi(
      swapServer((call) =>
        call.path === "app/config"
          ? {
              data: {
                googleClientId: null,
                walletConnectProjectId: "project-1",
                turnstileSiteKey: null,
                telegramBotId: null,
                tonConnectManifestUrl: null,
                signInChainIds: [1],
              },
            }
          : undefined,
      ),
    );
    const telegramLike: Host = { ...createBrowserHost(), loginMethods: ["telegram", "walletConnect"] };
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(
      <SwapScreen prefill={{ fromChainId: 1, fromToken: "USDC", toToken: "ETH" }} debounceMs={0} />,
      telegramLike,
    );
    await user.click(await screen.findByRole("button", { name: "Connect wallet" }));
    await screen.findByRole("button", { name: "Enter an amount" });
    expect(session.opened).toBe(1);
    expect(session.disconnected).toBe(0);
    unmount();
    expect(session.disconnected).toBe(1);
  });
});
