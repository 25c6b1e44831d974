import { msg } from "@lingui/core/macro";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loginStatusAtom, signInDialogOpenAtom } from "../../shared/session/session.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../shared/testing/stub-api.ts";
import PointsCenterPage from "./PointsCenterPage.tsx";

describe("points center page", () => {
  it("shows a visitor what checking in earns and opens the sign-in dialog, reading nothing", async () => {
    const api = stubApi(() => ({ status: 401, code: 4001, data: { key: "loginFirst" } }));
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PointsCenterPage title={msg`Points center`} />);
    act(() => store.set(loginStatusAtom, "loggedOut"));
    expect(await screen.findByRole("heading", { level: 1, name: "Points center" })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Check in once a day to collect points: 10 points on the first day, 5 more for each day in a row, up to 40 points a day from day 7 on.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Share chats and forecasts for up to 10 rewarded shares a day, and invite friends: you each get 10 to 100 points when they sign up.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Check in" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(store.get(signInDialogOpenAtom)).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});
