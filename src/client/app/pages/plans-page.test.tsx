import { msg } from "@lingui/core/macro";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { fakeOrder, payServer } from "../../features/pay/testing/pay-fixtures.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../shared/session/session.ts";
import { userIdAtom } from "../../shared/settings/settings.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../shared/testing/stub-api.ts";
import PlansPage from "./PlansPage.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("plans page", () => {
  it("shows a visitor what each plan gives and asks them to sign in to buy", async () => {
    const api = stubApi(payServer());
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/plans");
    const { store } = renderWithProviders(<PlansPage title={msg`Plans`} />);
    act(() => store.set(loginStatusAtom, "loggedOut"));
    expect(await screen.findByRole("heading", { level: 1, name: "Plans" })).toBeInTheDocument();
    const monthly = within(await screen.findByRole("article", { name: "Monthly" }));
    expect(monthly.getByText("19.99 USDT")).toBeInTheDocument();
    expect(monthly.getByText("about ¥4.8 a day")).toBeInTheDocument();
    expect(monthly.getByText("30 days of membership")).toBeInTheDocument();
    expect(monthly.getByText("Unlimited daily chats")).toBeInTheDocument();
    const trial = within(screen.getByRole("article", { name: "1-day trial" }));
    expect(trial.getByText("Once per account")).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "5.25K points" })).toBeInTheDocument();

    await user.click(monthly.getByRole("button", { name: "Buy Monthly" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(api.calls.map((call) => call.path)).toEqual(["pay/products"]);
  });

  it("shows a payment's result from the query, as the server has the order", async () => {
    stubApi(
      payServer((call) =>
        call.path === "pay/getPaidInfo" ? { data: fakeOrder({ orderNo: "ORD-9", status: "success" }) } : undefined,
      ),
    );
    window.history.replaceState(null, "", "/plans?status=faild&orderNo=ORD-9");
    const { store } = renderWithProviders(<PlansPage title={msg`Plans`} />);
    act(() => {
      store.set(userIdAtom, "7");
      store.set(loginStatusAtom, "loggedIn");
    });
    const result = await screen.findByRole("heading", { name: "Payment successful" });
    expect(result).toBeInTheDocument();
    expect(screen.getByText("Monthly · 19.99 USDT")).toBeInTheDocument();
  });

  it("says a payment failed when the link says so and no order is named", async () => {
    stubApi(payServer());
    window.history.replaceState(null, "", "/plans?status=faild");
    const { store } = renderWithProviders(<PlansPage title={msg`Plans`} />);
    act(() => store.set(loginStatusAtom, "loggedOut"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Payment failed");
  });
});
