import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { AI_ADDRESS, aiWalletServer, fakeAccountInfo, fakeFrozen } from "../testing/ai-wallet-fixtures.ts";
import { renderSignedInWallet } from "../testing/render-ai-wallet.tsx";

const KEY = `0x${"ab".repeat(32)}`;

describe("export the key", () => {
  it("explains the risk, takes the emailed code, shows the key once, and hides it on leaving", async () => {
    let wrong = true;
    const api = stubApi(
      aiWalletServer((call) => {
        if (call.path === "aiAccount/preExport") return { data: { email: "in***@example.com" } };
        if (call.path === "aiAccount/export") {
          if (wrong) {
            wrong = false;
            return { code: 2006, data: { key: "codeError", remaining: 3 } };
          }
          return { data: { address: AI_ADDRESS, privateKey: KEY } };
        }
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderSignedInWallet({ initialTab: "export" });
    expect(await screen.findByText(/Anyone who has this key controls your AI wallet/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("We emailed a code to in***@example.com.")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: /^Verification code/ }), "123456");
    await user.click(screen.getByRole("button", { name: "Show the key" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Verification code: Wrong verification code. 3 tries left before a 15-minute lock.",
    );
    await user.clear(screen.getByRole("textbox", { name: /^Verification code/ }));
    await user.type(screen.getByRole("textbox", { name: /^Verification code/ }), "654321");
    await user.click(screen.getByRole("button", { name: "Show the key" }));
    expect(await screen.findByText(KEY)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy Private key" }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(api.calls.filter((call) => call.path === "aiAccount/export").map((call) => call.body)).toEqual([
      { code: "123456" },
      { code: "654321" },
    ]);

    // leaving the panel hides it; coming back asks for a new code
    await user.click(screen.getByRole("tab", { name: "Fund" }));
    await user.click(screen.getByRole("tab", { name: "Export key" }));
    expect(screen.queryByText(KEY)).toBeNull();
    expect(screen.getByRole("button", { name: "Send code" })).toBeInTheDocument();
  });

  it("Hide the key hides it for good", async () => {
    stubApi(
      aiWalletServer((call) => {
        if (call.path === "aiAccount/preExport") return { data: { email: "in***@example.com" } };
        if (call.path === "aiAccount/export") return { data: { address: AI_ADDRESS, privateKey: KEY } };
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderSignedInWallet({ initialTab: "export" });
    await user.click(await screen.findByRole("button", { name: "Send code" }));
    await user.type(await screen.findByRole("textbox", { name: /^Verification code/ }), "123456");
    await user.click(screen.getByRole("button", { name: "Show the key" }));
    await user.click(await screen.findByRole("button", { name: "Hide the key" }));
    expect(screen.queryByText(KEY)).toBeNull();
  });

  it("while the wallet holds frozen coins, says the key is not exported and offers no code", async () => {
    const api = stubApi(aiWalletServer(undefined, fakeAccountInfo({ frozen: [fakeFrozen()] })));
    renderSignedInWallet({ initialTab: "export" });
    const panel = await screen.findByRole("tabpanel");
    expect(await within(panel).findByRole("note")).toHaveTextContent(
      "Coins sent to your AI wallet from an address on the OFAC sanctions list are frozen: they cannot be withdrawn or swapped, and the key cannot be exported. Contact support.",
    );
    expect(within(panel).queryByRole("button", { name: "Send code" })).toBeNull();
    expect(api.calls.filter((call) => call.path === "aiAccount/preExport")).toHaveLength(0);
  });
});
