import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { purchaseRequestAtom } from "../purchase-state.ts";
import { fakeMemberInfo, payServer } from "../testing/pay-fixtures.ts";
import UpgradeBadge from "./UpgradeBadge.tsx";

function renderBadge(status: "loggedIn" | "loggedOut") {
  const user = userEvent.setup();
  const result = renderWithProviders(<UpgradeBadge />);
  act(() => {
    if (status === "loggedIn") result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, status);
  });
  return { ...result, user };
}

describe("upgrade badge and membership card", () => {
  it("shows a VIP member their plan, end date, the warning near the end, unlimited use and Renew", async () => {
    stubApi(
      payServer((call) =>
        call.path === "user/info"
          ? {
              data: fakeMemberInfo({
                card: "4",
                expiredTime: "2026-04-01T12:00:00.000Z",
                expiredDays: 2,
                timeAlert: true,
              }),
            }
          : undefined,
      ),
    );
    const { store, user } = renderBadge("loggedIn");
    await user.click(await screen.findByRole("button", { name: "VIP: membership ends soon" }));
    const card = within(await screen.findByRole("dialog", { name: "Membership" }));
    expect(card.getByRole("heading", { name: "VIP · Quarterly plan" })).toBeInTheDocument();
    expect(card.getByText("Valid until Apr 1, 2026")).toBeInTheDocument();
    expect(card.getByRole("alert")).toHaveTextContent("Your membership ends in 2 days. Renew to keep unlimited use.");
    expect(card.getByText("Unlimited daily chats")).toBeInTheDocument();
    expect(card.getByText("Unlimited advanced analysis")).toBeInTheDocument();
    expect(card.getByText("Exchange limit: none today")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Renew" }));
    expect(store.get(purchaseRequestAtom)).toEqual({ tab: "package" });
  });

  it("shows a trial as Trial with Upgrade, and a standard account today's chats with Upgrade", async () => {
    let card: "1" | "0" = "1";
    stubApi(payServer((call) => (call.path === "user/info" ? { data: fakeMemberInfo({ card }) } : undefined)));
    const first = renderBadge("loggedIn");
    await first.user.click(await screen.findByRole("button", { name: "Trial" }));
    const trial = within(await screen.findByRole("dialog", { name: "Membership" }));
    expect(trial.getByRole("heading", { name: "Trial" })).toBeInTheDocument();
    expect(trial.getByRole("button", { name: "Upgrade" })).toBeInTheDocument();
    first.unmount();

    card = "0";
    const second = renderBadge("loggedIn");
    await second.user.click(await screen.findByRole("button", { name: "Upgrade" }));
    const standard = within(await screen.findByRole("dialog", { name: "Membership" }));
    expect(standard.getByRole("heading", { name: "Standard" })).toBeInTheDocument();
    expect(standard.getByText("Daily chats: 1 of 2 left today")).toBeInTheDocument();
  });

  it("shows a visitor what membership gives and asks them to sign in to upgrade, reading nothing", async () => {
    const api = stubApi(payServer());
    const { store, user } = renderBadge("loggedOut");
    await user.click(screen.getByRole("button", { name: "Upgrade" }));
    const card = within(await screen.findByRole("dialog", { name: "Membership" }));
    expect(card.getByText("Visitors: 1 free chat a day. Signed in: 2 a day, 20 more with PLUS.")).toBeInTheDocument();
    await user.click(card.getByRole("button", { name: "Upgrade" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(store.get(purchaseRequestAtom)).toBeNull();
    expect(await screen.findByText("Please log in first.")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
