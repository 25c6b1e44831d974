import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type RecordedCall, stubApi } from "../../../shared/testing/stub-api.ts";
import { purchaseRequestAtom } from "../purchase-state.ts";
import {
  DEPOSIT_ADDRESS,
  fakeCoinList,
  fakeDepositQr,
  fakeMemberInfo,
  fakeProducts,
  fakePurchase,
  payServer,
} from "../testing/pay-fixtures.ts";
import PayHost from "./PayHost.tsx";
import UpgradeBadge from "./UpgradeBadge.tsx";

function renderSignedIn(host: Host = createBrowserHost()) {
  const user = userEvent.setup();
  const result = renderWithProviders(
    <>
      <UpgradeBadge />
      <PayHost />
    </>,
    host,
  );
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
  });
  return { ...result, user };
}

const callsTo = (calls: readonly RecordedCall[], path: string) => calls.filter((call) => call.path === path);

describe("purchase dialog", () => {
  it("buys a package from the USDT balance after confirming, once, and the badge turns VIP", async () => {
    let card: "0" | "3" = "0";
    const api = stubApi(
      payServer((call) => {
        if (call.path === "user/info") return { data: fakeMemberInfo({ card }) };
        if (call.path === "pay/account") return { data: { balance: "20", totalDeposited: "20", totalSpent: "0" } };
        if (call.path === "pay/preCharge") {
          return { data: { productType: "CARDS", productId: 3, price: "19.99", balance: "20" } };
        }
        if (call.path === "pay/confirmPayScenario") {
          card = "3";
          return { data: fakePurchase() };
        }
        return undefined;
      }),
    );
    const { store, user } = renderSignedIn();
    expect(await screen.findByRole("button", { name: "Upgrade" })).toBeInTheDocument();
    act(() => store.set(purchaseRequestAtom, { tab: "package" }));

    const dialog = await screen.findByRole("dialog", { name: "Plans and points" });
    expect(dialog).toHaveAttribute("open");
    const panel = within(dialog);
    expect(panel.getByRole("tab", { name: "Purchase Package" })).toHaveAttribute("aria-selected", "true");
    expect(await panel.findByText("USDT balance: 20 USDT")).toBeInTheDocument();
    await user.click(await panel.findByRole("button", { name: "Buy Monthly" }));

    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    expect(confirm.getByText("Monthly (30 days)")).toBeInTheDocument();
    expect(confirm.getByText("19.99 USDT")).toBeInTheDocument();
    expect(confirm.getByText("The price is paid from your USDT balance.")).toBeInTheDocument();
    expect(callsTo(api.calls, "pay/preCharge")).toHaveLength(0);

    await user.click(confirm.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Payment successful. Your membership is active.")).toBeInTheDocument();
    expect(dialog).not.toHaveAttribute("open");

    const [pre] = callsTo(api.calls, "pay/preCharge");
    expect(pre?.body).toEqual({ productType: "CARDS", productId: 3 });
    const pays = callsTo(api.calls, "pay/confirmPayScenario");
    expect(pays).toHaveLength(1);
    expect(pays[0]?.body).toMatchObject({
      scenario: "BUY_POINT_PRODUCT",
      productType: "CARDS",
      productId: 3,
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(await screen.findByRole("button", { name: "VIP" })).toBeInTheDocument();
  });

  it("recharges points by chargeId on the Recharge Points tab and says RechargeSuccessful", async () => {
    const api = stubApi(
      payServer((call) => {
        if (call.path === "pay/account") return { data: { balance: "6", totalDeposited: "6", totalSpent: "0" } };
        if (call.path === "pay/preCharge")
          return { data: { productType: "POINTS", productId: 102, price: "5", balance: "6" } };
        if (call.path === "points/pointsCharge") {
          return {
            data: fakePurchase({ productType: "POINTS", productId: 102, activityType: "POINTS_CHARGE", points: 5250 }),
          };
        }
        return undefined;
      }),
    );
    const { store, user } = renderSignedIn();
    act(() => store.set(purchaseRequestAtom, { tab: "package" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Plans and points" }));
    await user.click(dialog.getByRole("tab", { name: "Recharge Points" }));
    expect(dialog.getByRole("tab", { name: "Recharge Points" })).toHaveAttribute("aria-selected", "true");
    expect(await dialog.findByText("5K points + 250 extra")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Buy 5.25K points" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    await user.click(confirm.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Recharged.")).toBeInTheDocument();
    expect(callsTo(api.calls, "pay/preCharge")[0]?.body).toEqual({ productType: "POINTS", chargeId: 2 });
    expect(callsTo(api.calls, "points/pointsCharge")[0]?.body).toMatchObject({ chargeId: 2 });
  });

  it("opens the USDT top-up on 9002 with the chains, QR code, deposit address and exact amount to copy", async () => {
    const api = stubApi(
      payServer((call) => {
        if (call.path === "pay/preCharge") {
          return {
            status: 400,
            code: 9002,
            data: { key: "needTopUp", shortfall: "19.99", price: "19.99", balance: "0" },
          };
        }
        if (call.path === "pay/getDepositQrCode") {
          const { chain } = call.body as { chain: string };
          return { data: fakeDepositQr(chain) };
        }
        return undefined;
      }),
    );
    const { store, user } = renderSignedIn();
    act(() => store.set(purchaseRequestAtom, { tab: "package", productId: 3 }));

    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    expect(
      await confirm.findByText("Your USDT balance does not cover the price: confirming opens the top-up."),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole("button", { name: "Confirm" }));

    const topUp = await screen.findByRole("dialog", { name: "Top up with USDT" });
    await vi.waitFor(() => expect(topUp).toHaveAttribute("open"));
    const panel = within(topUp);
    const network = panel.getByRole("radiogroup", { name: "Network" });
    expect(within(network).getByRole("radio", { name: "Ethereum (ERC20)" })).toBeChecked();
    expect(within(network).getByRole("radio", { name: "TRON (TRC20)" })).not.toBeChecked();
    expect(
      await panel.findByRole("img", { name: "QR code to pay 19.99 USDT on Ethereum (ERC20)" }),
    ).toBeInTheDocument();
    expect(panel.getByText(DEPOSIT_ADDRESS)).toBeInTheDocument();
    expect(panel.getByText("19.99 USDT")).toBeInTheDocument();
    expect(panel.getByRole("button", { name: "Pay with wallet" })).toBeEnabled();
    expect(callsTo(api.calls, "pay/getDepositQrCode")[0]?.body).toEqual({
      productType: "CARDS",
      productId: 3,
      chain: "ETH",
      coinCode: "USDT",
    });
    expect(callsTo(api.calls, "pay/confirmPayScenario")).toHaveLength(0);

    await user.click(panel.getByRole("button", { name: "Copy Deposit address" }));
    expect(await navigator.clipboard.readText()).toBe(DEPOSIT_ADDRESS);
    await user.click(panel.getByRole("button", { name: "Copy Exact amount" }));
    expect(await navigator.clipboard.readText()).toBe("19.99");

    await user.click(within(network).getByRole("radio", { name: "TRON (TRC20)" }));
    expect(await panel.findByText("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf")).toBeInTheDocument();
    expect(panel.queryByRole("button", { name: "Pay with wallet" })).not.toBeInTheDocument();
    expect(callsTo(api.calls, "pay/getDepositQrCode")[1]?.body).toMatchObject({ chain: "TRON" });
  });

  it("says plainly that USDT payments are not set up when the server has no chain, and asks for no deposit", async () => {
    const api = stubApi(
      payServer((call) => {
        if (call.path === "pay/getSupportedCoinList") return { data: fakeCoinList(false) };
        if (call.path === "pay/preCharge") return { status: 400, code: 9002, data: { key: "needTopUp" } };
        return undefined;
      }),
    );
    const { store, user } = renderSignedIn();
    act(() => store.set(purchaseRequestAtom, { tab: "package", productId: 1 }));
    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    await user.click(confirm.getByRole("button", { name: "Confirm" }));
    const topUp = within(await screen.findByRole("dialog", { name: "Top up with USDT" }));
    expect(
      await topUp.findByText("Payments in USDT are not set up on this server, so nothing can be paid here."),
    ).toBeInTheDocument();
    expect(topUp.queryByRole("button", { name: "Pay with wallet" })).not.toBeInTheDocument();
    expect(callsTo(api.calls, "pay/getDepositQrCode")).toHaveLength(0);
  });

  it("shows why a purchase was refused (9004 on a second trial) in the confirm dialog", async () => {
    stubApi(
      payServer((call) =>
        call.path === "pay/preCharge" ? { status: 400, code: 9004, data: { key: "cannotBuyTwice" } } : undefined,
      ),
    );
    const { store, user } = renderSignedIn();
    act(() => store.set(purchaseRequestAtom, { tab: "package", productId: 1 }));
    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    await user.click(confirm.getByRole("button", { name: "Confirm" }));
    expect(await confirm.findByRole("alert")).toHaveTextContent("You have already bought this.");
  });

  it("offers Telegram Stars inside Telegram: the bot's invoice opens in place and the dialog closes once paid", async () => {
    const products = fakeProducts();
    const withStars = {
      ...products,
      packages: products.packages.map((item) => ({ ...item, priceStars: item.productId === 3 ? 1500 : null })),
      stars: { available: true },
    };
    const api = stubApi(
      payServer((call) => {
        if (call.path === "pay/products") return { data: withStars };
        if (call.path === "pay/stars/invoice") {
          return { data: { orderNo: "ORD-S1", invoiceLink: "https://t.me/$invoice-1", priceStars: 1500 } };
        }
        return undefined;
      }),
    );
    const openInvoice = vi.fn(async () => "paid" as const);
    const { store, user } = renderSignedIn({ ...createBrowserHost(), payments: { stars: true, openInvoice } });
    act(() => store.set(purchaseRequestAtom, { tab: "package", productId: 3 }));
    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    await user.click(await confirm.findByRole("button", { name: "Pay 1,500 Stars" }));
    expect(
      await screen.findByText("Telegram took the payment. Your order is confirmed in a moment."),
    ).toBeInTheDocument();
    expect(openInvoice).toHaveBeenCalledWith("https://t.me/$invoice-1");
    expect(callsTo(api.calls, "pay/stars/invoice")[0]?.body).toEqual({
      productType: "CARDS",
      productId: 3,
      language: "en",
    });
    expect(callsTo(api.calls, "pay/preCharge")).toHaveLength(0);
  });

  it("offers no Stars in a browser, even when the server could make invoices", async () => {
    const products = fakeProducts();
    stubApi(
      payServer((call) =>
        call.path === "pay/products"
          ? {
              data: {
                ...products,
                packages: products.packages.map((item) => ({ ...item, priceStars: 1500 })),
                stars: { available: true },
              },
            }
          : undefined,
      ),
    );
    const { store } = renderSignedIn();
    act(() => store.set(purchaseRequestAtom, { tab: "package", productId: 3 }));
    const confirm = within(await screen.findByRole("dialog", { name: "Confirm purchase" }));
    expect(confirm.getByRole("button", { name: "Confirm" })).toBeInTheDocument();
    expect(confirm.queryByRole("button", { name: /Stars/ })).not.toBeInTheDocument();
  });
});
