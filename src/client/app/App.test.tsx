import { i18n } from "@lingui/core";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createStore, Provider } from "jotai";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo, fakeAuthApi } from "../features/auth/testing/fake-auth-api.ts";
import { createBrowserHost } from "../host/browser-host.ts";
import type { Host } from "../host/host.ts";
import { HostProvider } from "../host/host-context.tsx";
import { ApiError } from "../shared/api/api-error.ts";
import { apiEvents } from "../shared/api/api-events.ts";
import type { StubReply } from "../shared/testing/stub-api.ts";
import { stubApi } from "../shared/testing/stub-api.ts";
import { App } from "./App.tsx";
import { routeFor } from "./navigation/routes.ts";
import { AppProviders } from "./providers.tsx";

// As the bootstrap does, the home's code and the sign-in code are loaded before the app renders (their first import
// and transform, under vitest on a busy machine, may take seconds).
beforeAll(async () => {
  await routeFor("/")?.page.component.preload();
  await import("../features/auth/session/resolve-login-status.ts");
}, 60_000);

// The shell does not wait for data: every call it makes (chats, coins, news) finds the server busy.
beforeEach(() => {
  stubApi(() => ({ status: 503, code: 1001, msg: "Serverbusy", data: { key: "Serverbusy" } }));
});

afterEach(() => {
  act(() => i18n.loadAndActivate({ locale: "en", messages: {} }));
});

describe("App", () => {
  it("shows the header and the slogan", async () => {
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    expect(screen.getByRole("banner")).toHaveTextContent("MountainLion");
    expect(screen.getByRole("button", { name: "Model: MountainLion" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Feedback" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "中文" })).toBeInTheDocument();
    // the home page is a lazy chunk: its first import (and transform, under vitest) may take over a second
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5_000 })).toHaveTextContent(
      "Ask AI about any token",
    );
  });

  it("toasts the too-frequent message when the API announces 4003", () => {
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    act(() => apiEvents.emit("tooFrequent", new ApiError({ code: 4003, key: "tooFrequent", msg: "slow down" })));
    expect(screen.getByRole("status")).toHaveTextContent("Too many requests. Please wait a moment and try again.");
  });

  it("switches to Chinese and back, remembering the choice", async () => {
    const user = userEvent.setup();
    render(
      <HostProvider host={createBrowserHost()}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>,
    );
    await user.click(screen.getByRole("button", { name: "中文" }));
    expect(await screen.findByRole("button", { name: "English" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "反馈" })).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("zh");
    expect(document.documentElement.lang).toBe("zh");
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("button", { name: "Feedback" })).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("en");
  });

  it("inside Telegram, shows the home at once and the account once the silent sign-in lands", async () => {
    let answerSignIn: (reply: StubReply) => void = () => undefined;
    const api = fakeAuthApi({
      telegramLogin: () =>
        new Promise<StubReply>((resolve) => {
          answerSignIn = resolve;
        }),
    });
    const telegram: Host = {
      ...createBrowserHost(),
      kind: "telegram",
      platform: "ios",
      rawInitData: () => "query_id=AA&user=%7B%7D&hash=abc",
      loginMethods: ["telegram", "email", "walletConnect", "tonConnect"],
    };
    // a store of its own: the other tests' sign-in already settled in the default one
    render(
      <Provider store={createStore()}>
        <HostProvider host={telegram}>
          <AppProviders>
            <App />
          </AppProviders>
        </HostProvider>
      </Provider>,
    );
    expect(await screen.findByRole("heading", { level: 1 }, { timeout: 5_000 })).toHaveTextContent(
      "Ask AI about any token",
    );
    await vi.waitFor(() => expect(callsTo(api.calls, "telegramLogin")).toHaveLength(1));
    // neither "Sign in" nor the account until Telegram's answer tells which is right
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("status")).toHaveTextContent("Checking your sign-in…");
    expect(within(banner).queryByRole("button", { name: "Sign in" })).not.toBeInTheDocument();
    expect(within(banner).queryByRole("button", { name: "Account" })).not.toBeInTheDocument();

    act(() => answerSignIn({ data: { user_token: "token-tg", user_id: "8", account: "Test User" } }));
    expect(await within(banner).findByRole("button", { name: "Account" })).toBeInTheDocument();
    expect(within(banner).queryByRole("status")).not.toBeInTheDocument();
    expect(within(banner).queryByRole("button", { name: "Sign in" })).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Ask AI about any token");
  });
});
