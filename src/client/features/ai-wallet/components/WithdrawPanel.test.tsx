import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { RecordedCall, StubReply } from "../../../shared/testing/stub-api.ts";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import {
  AI_ADDRESS,
  aiWalletServer,
  fakeWithdrawal,
  OWN_WALLET,
  USDT,
  USDT_TOKEN,
  WITHDRAW_HASH,
} from "../testing/ai-wallet-fixtures.ts";
import { renderSignedInWallet } from "../testing/render-ai-wallet.tsx";

function renderWithdraw(extra: (call: RecordedCall) => StubReply | undefined = () => undefined) {
  const api = stubApi(aiWalletServer(extra));
  const user = userEvent.setup();
  const result = renderSignedInWallet({ initialTab: "withdraw" });
  return { ...result, api, user };
}

const callsTo = (calls: RecordedCall[], path: string) => calls.filter((call) => call.path === path);

async function fillUsdtWithdrawal(user: ReturnType<typeof userEvent.setup>, amount: string, to: string) {
  await user.selectOptions(
    await screen.findByRole("combobox", { name: "Coin and network" }),
    `1:${USDT.toLowerCase()}`,
  );
  const amountField = screen.getByRole("textbox", { name: "Amount" });
  await user.clear(amountField);
  if (amount) await user.type(amountField, amount);
  const toField = screen.getByRole("textbox", { name: /^Send to address/ });
  await user.clear(toField);
  if (to) await user.type(toField, to);
}

describe("withdraw", () => {
  it("shows the coin's max, gas and daily limit; Max fills the most that can be sent", async () => {
    const { user, api } = renderWithdraw();
    await fillUsdtWithdrawal(user, "", "");
    const facts = await screen.findByText("Most you can send now");
    expect(facts.closest("div")).toHaveTextContent("500 USDT");
    expect(screen.getByText("Network fee (gas)").closest("div")).toHaveTextContent("0.00042 ETH");
    expect(screen.getByText("Daily limit used").closest("div")).toHaveTextContent("$250 / $10,000");
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByRole("textbox", { name: "Amount" })).toHaveValue("500");
    expect(callsTo(api.calls, "getWithdrawInfo").at(-1)?.body).toEqual({ chainId: 1, tokenAddress: USDT });
  });

  it("refuses a bad address and an amount above the balance at their fields, asking nothing", async () => {
    const { user, api } = renderWithdraw();
    await screen.findByText("Most you can send now");
    await fillUsdtWithdrawal(user, "600", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Amount: Insufficient balance.");
    expect(screen.getByRole("textbox", { name: "Amount" })).toHaveAttribute("aria-invalid", "true");

    await fillUsdtWithdrawal(user, "100", "0x1234");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Send to address: Invalid destination address.");

    await fillUsdtWithdrawal(user, "100", AI_ADDRESS);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Send to address: This is your AI wallet or one of our deposit addresses.",
    );
    expect(callsTo(api.calls, "aiAccountPreWithdraw")).toHaveLength(0);
  });

  it("shows the coin's frozen amount beside the max, and an amount that reaches into it is refused as frozen", async () => {
    const { user, api } = renderWithdraw((call) => {
      if (call.path === "getWithdrawInfo") {
        return {
          data: {
            chainId: 1,
            token: USDT_TOKEN,
            balance: "500",
            maxAmount: "460",
            frozenAmount: "40",
            gasNative: "0.00042",
            email: "in***@example.com",
            dailyLimitUsd: 10000,
            dailyUsedUsd: 250,
          },
        };
      }
      if (call.path === "aiAccountPreWithdraw") {
        return { code: 3001, data: { key: "fundsFrozen", field: "amount" } };
      }
      return undefined;
    });
    await fillUsdtWithdrawal(user, "", "");
    expect((await screen.findByText("Most you can send now")).closest("div")).toHaveTextContent("460 USDT");
    expect(screen.getByText("Frozen (cannot be sent)").closest("div")).toHaveTextContent("40 USDT");
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(screen.getByRole("textbox", { name: "Amount" })).toHaveValue("460");

    // within the balance, above what is not frozen: said before anything is asked
    await fillUsdtWithdrawal(user, "480", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Amount: Coins sent to your AI wallet from an address on the OFAC sanctions list are frozen",
    );
    // above the balance itself: the balance is what is short
    await fillUsdtWithdrawal(user, "600", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Amount: Insufficient balance.");
    expect(callsTo(api.calls, "aiAccountPreWithdraw")).toHaveLength(0);

    // the server's refusal (coins frozen since the facts were read) is shown at the amount
    await fillUsdtWithdrawal(user, "100", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Amount: Coins sent to your AI wallet");
    expect(screen.getByRole("textbox", { name: "Amount" })).toHaveAttribute("aria-invalid", "true");
    expect(callsTo(api.calls, "aiAccountPreWithdraw")).toHaveLength(1);
  });

  it("says nothing of frozen coins when none are", async () => {
    const { user } = renderWithdraw();
    await fillUsdtWithdrawal(user, "", "");
    await screen.findByText("Most you can send now");
    expect(screen.queryByText("Frozen (cannot be sent)")).toBeNull();
  });

  it("send code, a wrong code with the tries left, then the right code sends it and shows the transaction", async () => {
    let wrongOnce = true;
    const { user, api } = renderWithdraw((call) => {
      if (call.path === "aiAccountPreWithdraw") {
        return { data: { withdrawal: fakeWithdrawal(), email: "in***@example.com" } };
      }
      if (call.path === "aiAccountWithdraw") {
        if (wrongOnce) {
          wrongOnce = false;
          return { code: 2006, data: { key: "codeError", field: "code", remaining: 2 } };
        }
        return {
          data: fakeWithdrawal({
            status: "sent",
            txHash: WITHDRAW_HASH,
            txUrl: `https://etherscan.io/tx/${WITHDRAW_HASH}`,
          }),
        };
      }
      return undefined;
    });
    await screen.findByText("Most you can send now");
    await fillUsdtWithdrawal(user, "100.50", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));

    expect(
      await screen.findByText(/^We emailed a code to in\*\*\*@example\.com\. Enter it before /),
    ).toBeInTheDocument();
    expect(screen.getByText("Withdraw 100 USDT on ETH to 0x70...79C8.")).toBeInTheDocument();
    const [pre] = callsTo(api.calls, "aiAccountPreWithdraw");
    expect(pre?.body).toEqual({
      chainId: 1,
      tokenAddress: USDT,
      amount: "100.5",
      toAddress: OWN_WALLET,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    const code = screen.getByRole("textbox", { name: /^Verification code/ });
    await user.type(code, "12a3456");
    expect(code).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Verification code: Wrong verification code. 2 tries left before a 15-minute lock.",
    );

    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    const result = await screen.findByText(/^Withdrawal of 100 USDT to 0x70\.\.\.79C8:/);
    expect(result).toHaveTextContent("Sent");
    expect(screen.getByRole("link", { name: "Withdrawal transaction 0xc3...c3c3" })).toHaveAttribute(
      "href",
      `https://etherscan.io/tx/${WITHDRAW_HASH}`,
    );
    expect(callsTo(api.calls, "aiAccountWithdraw").map((call) => call.body)).toEqual([
      { withdrawId: "WD-1", code: "123456" },
      { withdrawId: "WD-1", code: "654321" },
    ]);
    // the balances and the history are read again
    expect(callsTo(api.calls, "getAIAccountInfo").length).toBeGreaterThan(1);
    expect(callsTo(api.calls, "aiAccount/withdrawals").length).toBeGreaterThan(1);
  });

  it("names the field of each refusal: sanctions at the address, 331 with the identity check, a lock at the code", async () => {
    const answers: StubReply[] = [
      { code: 3001, data: { key: "sanctionedAddress", field: "toAddress" } },
      { code: 3001, data: { key: "addressChecksum", field: "toAddress" } },
      { code: 1001, data: { key: "Insufficientbalance", field: "amount" } },
      { code: 331, data: { key: "exchangeDailyLimit" } },
    ];
    const { user } = renderWithdraw((call) => (call.path === "aiAccountPreWithdraw" ? answers.shift() : undefined));
    await screen.findByText("Most you can send now");
    await fillUsdtWithdrawal(user, "100", OWN_WALLET);
    const send = () => user.click(screen.getByRole("button", { name: "Send code" }));
    await send();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Send to address: This address is on the OFAC sanctions list.",
    );
    await send();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Send to address: This address's capital letters do not match its checksum.",
    );
    await send();
    expect(await screen.findByRole("alert")).toHaveTextContent("Amount: Insufficient balance.");
    await send();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The daily exchange limit is reached. Please contact customer service. Above the daily exchange limit an identity check (KYC) is needed.",
    );
  });

  it("a retry after a failed send reuses its requestId; a changed withdrawal gets a new one", async () => {
    let fail = true;
    const { user, api } = renderWithdraw((call) => {
      if (call.path !== "aiAccountPreWithdraw") return undefined;
      if (fail) {
        fail = false;
        return { status: 502, code: 1001, data: null };
      }
      return { code: 1001, data: { key: "Serverbusy" } };
    });
    await screen.findByText("Most you can send now");
    await fillUsdtWithdrawal(user, "100", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("alert");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await fillUsdtWithdrawal(user, "101", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByRole("alert");
    const ids = callsTo(api.calls, "aiAccountPreWithdraw").map(
      (call) => (call.body as { requestId: string }).requestId,
    );
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("a closed withdrawal returns to the form and says to start a new one; 2015 says the code is locked", async () => {
    const answers: StubReply[] = [
      { code: 2015, data: { key: "verifyLimitError", remaining: 0 } },
      { code: 1001, data: { key: "withdrawalClosed" } },
    ];
    const { user } = renderWithdraw((call) => {
      if (call.path === "aiAccountPreWithdraw") {
        return { data: { withdrawal: fakeWithdrawal(), email: "in***@example.com" } };
      }
      return call.path === "aiAccountWithdraw" ? answers.shift() : undefined;
    });
    await screen.findByText("Most you can send now");
    await fillUsdtWithdrawal(user, "100", OWN_WALLET);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByRole("textbox", { name: /^Verification code/ }), "111111");
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Verification code: Too many wrong codes. Please try again in 15 minutes.",
    );
    await user.click(screen.getByRole("button", { name: "Withdraw" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This withdrawal can no longer be confirmed. Start a new one.",
    );
    expect(screen.getByRole("button", { name: "Send code" })).toBeInTheDocument();
  });

  it("lists the withdrawals with their status and transaction", async () => {
    renderWithdraw((call) =>
      call.path === "aiAccount/withdrawals"
        ? {
            data: {
              lists: [
                fakeWithdrawal({ status: "completed", txHash: WITHDRAW_HASH, txUrl: null }),
                fakeWithdrawal({ withdrawId: "WD-0", status: "expired", amount: "5" }),
              ],
            },
          }
        : undefined,
    );
    const list = within(await screen.findByRole("list", { name: "Withdrawals" }));
    const [done, expired] = list.getAllByRole("listitem");
    expect(done).toHaveTextContent("100 USDT to 0x70...79C8");
    expect(done).toHaveTextContent("Completed");
    expect(done).toHaveTextContent("Withdrawal transaction: 0xc3...c3c3");
    expect(expired).toHaveTextContent("5 USDT to 0x70...79C8");
    expect(expired).toHaveTextContent("Expired");
  });
});
