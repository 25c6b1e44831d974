import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { topUpRequestAtom } from "../purchase-state.ts";
import { fakeDepositQr, fakeDepositStatus, payServer, TX_HASH, USDT_CONTRACT } from "../testing/pay-fixtures.ts";
import PayHost from "./PayHost.tsx";

const PAYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

interface WalletCall {
  method: string;
  params?: readonly unknown[];
}

/** An injected EIP-1193 wallet (window.ethereum) on BNB Smart Chain holding `balanceUnits` of the token. */
function injectWallet(balanceUnits: bigint) {
  const calls: WalletCall[] = [];
  let chainId = "0x38";
  const provider = {
    request: vi.fn(async ({ method, params }: WalletCall) => {
      calls.push(params ? { method, params } : { method });
      switch (method) {
        case "eth_requestAccounts":
          return [PAYER];
        case "eth_chainId":
          return chainId;
        case "wallet_switchEthereumChain": {
          const [target] = params as [{ chainId: string }];
          chainId = target.chainId;
          return null;
        }
        case "eth_call":
          return `0x${balanceUnits.toString(16).padStart(64, "0")}`;
        case "eth_sendTransaction":
          return TX_HASH;
        default:
          throw Object.assign(new Error("unsupported"), { code: 4200 });
      }
    }),
  };
  Reflect.set(window, "ethereum", provider);
  return { calls, provider };
}

afterEach(() => {
  Reflect.deleteProperty(window, "ethereum");
});

async function openTopUp() {
  const user = userEvent.setup();
  const result = renderWithProviders(<PayHost />);
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
    result.store.set(topUpRequestAtom, { productType: "CARDS", productId: 3 });
  });
  const topUp = await screen.findByRole("dialog", { name: "Top up with USDT" });
  const panel = within(topUp);
  const pay = await panel.findByRole("button", { name: "Pay with wallet" });
  return { ...result, user, topUp, panel, pay };
}

const depositServer = (extra: Parameters<typeof payServer>[0] = () => undefined) =>
  payServer((call) => {
    if (call.path === "pay/getDepositQrCode") return { data: fakeDepositQr("ETH") };
    return extra(call);
  });

describe("USDT top-up with a browser wallet", () => {
  it("switches the wallet to the deposit's chain, sends the ERC-20 transfer, reports the hash and shows the payment pending", async () => {
    const { calls: wallet } = injectWallet(25_000_000n);
    const api = stubApi(
      depositServer((call) => (call.path === "pay/uploadHash" ? { data: fakeDepositStatus() } : undefined)),
    );
    const { user, panel, pay } = await openTopUp();
    await user.click(pay);

    expect(await panel.findByRole("heading", { name: "Payment pending" })).toBeInTheDocument();
    expect(wallet.find((call) => call.method === "wallet_switchEthereumChain")?.params).toEqual([{ chainId: "0x1" }]);
    const balanceCall = wallet.find((call) => call.method === "eth_call");
    expect(balanceCall?.params?.[0]).toEqual({
      to: USDT_CONTRACT,
      data: `0x70a08231${PAYER.slice(2).toLowerCase().padStart(64, "0")}`,
    });
    const send = wallet.find((call) => call.method === "eth_sendTransaction");
    expect(send?.params?.[0]).toMatchObject({
      from: PAYER,
      to: USDT_CONTRACT,
      data: fakeDepositQr().transferData.callData,
    });
    const [upload] = api.calls.filter((call) => call.path === "pay/uploadHash");
    expect(upload?.body).toEqual({
      chargeHash: TX_HASH,
      chargeChain: "ETH",
      productType: "CARDS",
      productId: 3,
      orderNo: "ORD-1",
      usedPlugin: "Browser wallet",
    });
  });

  it("sends nothing when the wallet holds less USDT than the amount: Insufficientbalance", async () => {
    const { calls: wallet } = injectWallet(19_989_999n);
    const api = stubApi(depositServer());
    const { user, panel, pay } = await openTopUp();
    await user.click(pay);
    expect(await panel.findByRole("alert")).toHaveTextContent("Insufficient balance.");
    expect(wallet.some((call) => call.method === "eth_sendTransaction")).toBe(false);
    expect(api.calls.some((call) => call.path === "pay/uploadHash")).toBe(false);
  });

  it("asks for a wallet when none is installed", async () => {
    stubApi(depositServer());
    const { user, panel, pay } = await openTopUp();
    await user.click(pay);
    expect(await panel.findByRole("alert")).toHaveTextContent("Please install the wallet first.");
  });

  it("says the payment was cancelled when the user rejects it in the wallet", async () => {
    const { calls: wallet, provider } = injectWallet(25_000_000n);
    const answer = provider.request.getMockImplementation();
    provider.request.mockImplementation(async (args: WalletCall) => {
      if (args.method === "eth_sendTransaction" || !answer) {
        throw Object.assign(new Error("User rejected"), { code: 4001 });
      }
      return answer(args);
    });
    stubApi(depositServer());
    const { user, panel, pay } = await openTopUp();
    await user.click(pay);
    expect(await panel.findByRole("alert")).toHaveTextContent("The payment was cancelled in the wallet.");
    expect(wallet.some((call) => call.method === "eth_requestAccounts")).toBe(true);
  });

  it("'I have recharged' opens the upload-hash dialog for the same order and chain", async () => {
    const api = stubApi(
      depositServer((call) => (call.path === "pay/uploadHash" ? { data: fakeDepositStatus() } : undefined)),
    );
    const { user, topUp, panel } = await openTopUp();
    await user.click(panel.getByRole("button", { name: "I have recharged" }));
    expect(topUp).not.toHaveAttribute("open");
    const report = within(await screen.findByRole("dialog", { name: "Report a payment" }));
    await user.click(await report.findByRole("textbox", { name: "Transaction hash" }));
    await user.paste(TX_HASH);
    await user.click(report.getByRole("button", { name: "Submit hash" }));
    expect(await report.findByRole("heading", { name: "Payment pending" })).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "pay/uploadHash")?.body).toMatchObject({
      chargeChain: "ETH",
      orderNo: "ORD-1",
      productType: "CARDS",
      productId: 3,
    });
  });
});
