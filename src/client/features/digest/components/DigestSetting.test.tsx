import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { DigestSetting } from "./DigestSetting.tsx";

const telegramUser = {
  available: true,
  reason: null,
  subscribed: false,
  hour: 8,
  active: true,
  bot_url: "https://t.me/mountainlion_bot",
};

function renderSignedIn() {
  const result = renderWithProviders(<DigestSetting />);
  act(() => result.store.set(loginStatusAtom, "loggedIn"));
  return result;
}

describe("DigestSetting", () => {
  it("turns the daily digest on at the chosen hour for a Telegram account", async () => {
    let state = { ...telegramUser };
    const api = stubApi((call) => {
      if (call.method === "POST") state = { ...state, ...(call.body as object) };
      return { data: state };
    });
    renderSignedIn();
    const toggle = await screen.findByRole("checkbox", { name: "Daily market digest in Telegram" });
    expect(toggle).not.toBeChecked();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Hour (UTC)" }), "21:00");
    await userEvent.click(toggle);
    expect(await screen.findByText(/every day at 21:00 UTC\./)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Daily market digest in Telegram" })).toBeChecked();
    expect(api.calls.filter((c) => c.method === "POST").map((c) => [c.path, c.body])).toEqual([
      ["telegram/notifications", { subscribed: false, hour: 21 }],
      ["telegram/notifications", { subscribed: true, hour: 21 }],
    ]);
  });

  it("says when the bot cannot write yet, with a way to open it", async () => {
    stubApi(() => ({ data: { ...telegramUser, subscribed: true, active: false } }));
    renderSignedIn();
    expect(await screen.findByText(/The bot cannot write to you yet/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open the bot" })).toBeInTheDocument();
  });

  it("tells an account without Telegram how to get it, and shows nothing signed out", async () => {
    stubApi(() => ({ data: { ...telegramUser, available: false, reason: "noTelegram", bot_url: null } }));
    renderSignedIn();
    expect(await screen.findByText(/sign in with Telegram to get it/)).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("shows nothing while signed out", () => {
    const api = stubApi(() => ({ data: telegramUser }));
    renderWithProviders(<DigestSetting />);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
