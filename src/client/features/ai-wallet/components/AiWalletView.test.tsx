import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { connectWalletAddressAtom, userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import {
  AI_ADDRESS,
  aiWalletServer,
  FROZEN_HASH,
  fakeAccountInfo,
  fakeFrozen,
  LISTED_SENDER,
  noWalletYet,
  OWN_WALLET,
  USDT,
  unavailable,
} from "../testing/ai-wallet-fixtures.ts";
import { testSlots } from "../testing/test-slots.tsx";
import { type AiWalletTab, AiWalletView } from "./AiWalletView.tsx";

function renderWallet(
  options: { signedIn?: boolean; tab?: AiWalletTab; onEmailSignIn?: () => void; wallet?: string } = {},
) {
  const user = userEvent.setup();
  const result = renderWithProviders(
    <AiWalletView
      slots={testSlots}
      pollMs={0}
      onEmailSignIn={options.onEmailSignIn ?? (() => undefined)}
      {...(options.tab ? { initialTab: options.tab } : {})}
    />,
  );
  act(() => {
    if (options.wallet) result.store.set(connectWalletAddressAtom, options.wallet);
    if (options.signedIn === false) {
      result.store.set(loginStatusAtom, "loggedOut");
    } else {
      result.store.set(userIdAtom, "7");
      result.store.set(loginStatusAtom, "loggedIn");
    }
  });
  return { ...result, user };
}

describe("states said plainly", () => {
  it("a visitor is asked to sign in with email, and the button opens the sign-in", async () => {
    const api = stubApi(aiWalletServer());
    const { user, store } = renderWallet({ signedIn: false });
    expect(await screen.findByText("Sign in with your email to use the AI wallet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it("without key custody on the server it says the AI wallet is not available here", async () => {
    stubApi(aiWalletServer(undefined, unavailable("noMasterKey")));
    renderWallet();
    expect(
      await screen.findByText("The AI wallet is not available on this server: no key custody is configured."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Create AI wallet" })).toBeNull();
  });

  it("an account not signed in with email is told so and offered the email sign-in", async () => {
    stubApi(aiWalletServer(undefined, unavailable("emailLoginNeeded")));
    const onEmailSignIn = vi.fn();
    const { user } = renderWallet({ onEmailSignIn });
    expect(
      await screen.findByText("The AI wallet is for accounts that sign in with email. Sign in with email first."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Log out and sign in with email" }));
    expect(onEmailSignIn).toHaveBeenCalledOnce();
  });

  it("with no wallet yet it explains the sealed key and creates the wallet", async () => {
    const api = stubApi(
      aiWalletServer(
        (call) => (call.path === "createAIAccount" ? { data: fakeAccountInfo() } : undefined),
        noWalletYet(),
      ),
    );
    const { user } = renderWallet();
    expect(await screen.findByRole("heading", { name: "You have no AI wallet yet" })).toBeInTheDocument();
    expect(screen.getByText(/keeps it sealed \(encrypted\); it signs only your own orders/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create AI wallet" }));
    expect(await screen.findByRole("heading", { name: "Your AI wallet" })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === "createAIAccount")).toHaveLength(1);
    expect(screen.getByText("0x12...5678")).toBeInTheDocument();
  });

  it("a failed read says why and reads again on Retry", async () => {
    let fail = true;
    stubApi(
      aiWalletServer((call) =>
        call.path === "getAIAccountInfo" && fail ? { code: 1001, data: { key: "Serverbusy" } } : undefined,
      ),
    );
    const { user } = renderWallet();
    expect(await screen.findByRole("alert")).toHaveTextContent("The server is busy. Please try again later.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Your AI wallet" })).toBeInTheDocument();
  });
});

describe("the wallet", () => {
  it("shows the short address to copy, the total with its price source and time, and the coins per chain", async () => {
    stubApi(aiWalletServer());
    const { user } = renderWallet();
    const overview = within(await screen.findByRole("region", { name: "Your AI wallet" }));
    expect(overview.getByText("0x12...5678")).toHaveAttribute("title", AI_ADDRESS);
    await user.click(overview.getByRole("button", { name: "Copy AI wallet address" }));
    // user-event puts a clipboard stub in place of the browser's
    expect(await navigator.clipboard.readText()).toBe(AI_ADDRESS);
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
    expect(overview.getByText("$3,500.5")).toBeInTheDocument();
    expect(overview.getByText(/^Prices: Binance \(replay\)\. Balances read at .*2026/)).toHaveTextContent(
      "Coins without a market price are not counted in the total.",
    );
    expect(overview.getByText("Daily exchange limit: $250 of $10,000 used today.")).toBeInTheDocument();

    const eth = within(overview.getByRole("region", { name: "Coins on ETH" }));
    const rows = eth.getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("ETH");
    expect(rows[0]).toHaveTextContent("1.5");
    expect(rows[0]).toHaveTextContent("$3,000.5");
    expect(rows[2]).toHaveTextContent("No market price");
    const bsc = within(overview.getByRole("region", { name: "Coins on BSC" }));
    expect(bsc.getByRole("status")).toHaveTextContent(
      "Balances on BSC could not be read right now. Balances cannot be read from the network right now.",
    );
  });

  it("fund: the deposit address and its QR, the connected wallet sent along to be checked against sanctions", async () => {
    const api = stubApi(aiWalletServer());
    renderWallet({ wallet: OWN_WALLET });
    expect(
      await screen.findByRole("img", { name: "QR code of your AI wallet's deposit address on ETH" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy Deposit address" })).toBeInTheDocument();
    expect(
      screen.getByText("Your connected wallet 0x70...79C8 was checked against the sanctions list."),
    ).toBeInTheDocument();
    const asked = api.calls.find((call) => call.path === "aiAccount/deposit");
    expect(asked?.body).toEqual({ chainId: 1, fromAddress: OWN_WALLET });
  });

  it("fund: a sender on the sanctions list is refused with the reason", async () => {
    stubApi(
      aiWalletServer((call) =>
        call.path === "aiAccount/deposit" ? { code: 3001, data: { key: "sanctionedAddress" } } : undefined,
      ),
    );
    renderWallet({ wallet: OWN_WALLET });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This address is on the OFAC sanctions list. Nothing can be sent to it or received from it.",
    );
  });

  it("frozen coins: each with its amount, sender, transaction and when it was found, and why they are frozen", async () => {
    const tusdHash = `0x${"f6".repeat(32)}`;
    stubApi(
      aiWalletServer(
        undefined,
        fakeAccountInfo({
          frozen: [
            fakeFrozen({ address: USDT, symbol: "USDT", decimals: 6, amount: "40", txHash: tusdHash }),
            fakeFrozen(),
            fakeFrozen({ chainId: 56, symbol: "BNB", amount: "1.5", txHash: `0x${"a7".repeat(32)}` }),
          ],
        }),
      ),
    );
    renderWallet();
    const frozen = within(await screen.findByRole("region", { name: "Frozen coins" }));
    expect(
      frozen.getByText(
        "Coins sent to your AI wallet from an address on the OFAC sanctions list are frozen: they cannot be withdrawn or swapped, and the key cannot be exported. Contact support.",
      ),
    ).toBeInTheDocument();
    const rows = frozen.getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("40 USDT on ETH");
    expect(rows[0]).toHaveTextContent("From 0x85...DA16");
    expect(within(rows[0] as HTMLElement).getByText("0x85...DA16")).toHaveAttribute("title", LISTED_SENDER);
    expect(
      within(rows[0] as HTMLElement).getByRole("link", { name: "Incoming transaction 0xf6...f6f6" }),
    ).toHaveAttribute("href", `https://etherscan.io/tx/${tusdHash}`);
    expect(rows[0]?.textContent).toMatch(/Frozen since .*2026/);
    expect(rows[1]).toHaveTextContent("0.25 ETH on ETH");
    expect(
      within(rows[1] as HTMLElement).getByRole("link", { name: "Incoming transaction 0xe5...e5e5" }),
    ).toHaveAttribute("href", `https://etherscan.io/tx/${FROZEN_HASH}`);
    expect(rows[2]).toHaveTextContent("1.5 BNB on BSC");
    expect(within(rows[2] as HTMLElement).getByRole("link", { name: /^Incoming transaction/ })).toHaveAttribute(
      "href",
      `https://bscscan.com/tx/0x${"a7".repeat(32)}`,
    );
  });

  it("no frozen coins: nothing about them is shown", async () => {
    stubApi(aiWalletServer());
    renderWallet();
    await screen.findByRole("region", { name: "Your AI wallet" });
    expect(screen.queryByRole("region", { name: "Frozen coins" })).toBeNull();
  });
});
