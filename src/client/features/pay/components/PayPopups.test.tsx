import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";
import { purchaseRequestAtom, topUpRequestAtom } from "../purchase-state.ts";
import { fakeOrder, payServer } from "../testing/pay-fixtures.ts";
import { PayHostSlot } from "./PayHostSlot.tsx";

describe("top-up notification", () => {
  it("asks getPopups every 15 s while signed in, shows what arrives once, and stops on logout", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const answers: StubReply[] = [
      { data: [] },
      {
        data: [
          fakeOrder({ orderNo: "ORD-1" }),
          fakeOrder({
            orderNo: "ORD-2",
            productType: "POINTS",
            productId: 102,
            activityType: "POINTS_CHARGE",
            status: "failed",
            reason: "wrongToken",
            points: null,
          }),
        ],
      },
    ];
    const api = stubApi(
      payServer((call) => (call.path === "getPopups" ? (answers.shift() ?? { data: [] }) : undefined)),
    );
    const polls = () => api.calls.filter((call) => call.path === "getPopups").length;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { store } = renderWithProviders(<PayHostSlot />);
    expect(polls()).toBe(0);

    act(() => {
      store.set(userIdAtom, "7");
      store.set(loginStatusAtom, "loggedIn");
    });
    // the dialogs load lazily once someone is signed in
    await vi.waitFor(() => expect(polls()).toBe(1), { timeout: 10_000 });
    expect(screen.queryByRole("dialog", { name: /^Payment/ })).not.toBeInTheDocument();

    act(() => {
      store.set(purchaseRequestAtom, { tab: "package" });
      store.set(topUpRequestAtom, { productType: "CARDS", productId: 3 });
    });
    act(() => vi.advanceTimersByTime(14_999));
    expect(polls()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    await vi.waitFor(() => expect(polls()).toBe(2));
    const popup = await screen.findByRole("dialog", { name: "Payment update" });
    expect(popup).toHaveAttribute("open");
    const view = within(popup);
    expect(view.getByRole("heading", { name: "Payment update" })).toBeInTheDocument();
    expect(view.getByText("Monthly: paid. Your membership is active.")).toBeInTheDocument();
    expect(
      view.getByText("Points recharge: the payment failed. This transaction did not send USDT."),
    ).toBeInTheDocument();
    expect(store.get(topUpRequestAtom)).not.toBeNull();

    act(() => vi.advanceTimersByTime(15_000));
    await vi.waitFor(() => expect(polls()).toBe(3));
    expect(view.getAllByRole("listitem")).toHaveLength(2);
    await user.click(view.getByRole("button", { name: "OK" }));
    expect(popup).not.toHaveAttribute("open");
    // once read, the paid order's top-up and the purchase dialog it came from close
    expect(store.get(topUpRequestAtom)).toBeNull();
    expect(store.get(purchaseRequestAtom)).toBeNull();

    act(() => store.set(loginStatusAtom, "loggedOut"));
    act(() => vi.advanceTimersByTime(60_000));
    expect(polls()).toBe(3);
  });
});
