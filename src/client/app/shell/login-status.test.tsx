import { act, screen } from "@testing-library/react";
import { useAtomValue } from "jotai";
import { StrictMode } from "react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, fakeAuthApi } from "../../features/auth/testing/fake-auth-api.ts";
import { createBrowserHost } from "../../host/browser-host.ts";
import type { Host } from "../../host/host.ts";
import { accountAtom } from "../../shared/session/session.ts";
import { editionAtom, userIdAtom } from "../../shared/settings/settings.ts";
import { tokenStore } from "../../shared/storage/token-store.ts";
import { renderWithProviders } from "../../shared/testing/render-with-providers.tsx";
import { useLoginStatus } from "./login-status.ts";
import { PENDING_SOCIAL_LOGIN_KEY } from "./use-social-login-notice.ts";

function Probe() {
  const status = useLoginStatus();
  const account = useAtomValue(accountAtom);
  return (
    <p data-testid="probe">
      {status}
      {account ? ` as ${account}` : ""}
    </p>
  );
}

function render(host: Host = createBrowserHost()) {
  return renderWithProviders(
    <StrictMode>
      <Probe />
    </StrictMode>,
    host,
  );
}

const probe = () => screen.getByTestId("probe");
/** the login check loads its pieces on demand: on a loaded machine that takes more than waitFor's default second */
const SETTLE = { timeout: 10_000 };

function telegramHost(initData: string): Host {
  return {
    ...createBrowserHost(),
    kind: "telegram",
    platform: "ios",
    rawInitData: () => initData,
    loginMethods: ["telegram", "email", "walletConnect", "tonConnect"],
  };
}

describe("login status at start", () => {
  it("is logged out at once without a token, asking nothing", () => {
    const api = fakeAuthApi();
    render();
    expect(probe()).toHaveTextContent("loggedOut");
    expect(api.calls).toHaveLength(0);
  });

  it("asks checkLogin about a stored token and is logged in as its account", async () => {
    tokenStore.set("stored-token");
    const api = fakeAuthApi();
    const { store } = render();
    expect(probe()).toHaveTextContent("unknown");
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedIn as investor@example.com"), SETTLE);
    const [check] = callsTo(api.calls, "checkLogin");
    expect(check?.headers.get("authorization")).toBe("Bearer stored-token");
    expect(store.get(userIdAtom)).toBe("7");
    expect(api.calls).toHaveLength(1);
  });

  it("is logged out when the server refuses the token (4001), which clears it", async () => {
    tokenStore.set("old-token");
    fakeAuthApi({ checkLogin: () => ({ status: 401, code: 4001, data: { key: "loginInvalid" } }) });
    render();
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedOut"), SETTLE);
    expect(tokenStore.get()).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("keeps the token when the server cannot be reached", async () => {
    tokenStore.set("stored-token");
    fakeAuthApi({ checkLogin: () => ({ status: 503, code: 1001, data: { key: "Serverbusy" } }) });
    render();
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedIn"), SETTLE);
    expect(tokenStore.get()).toBe("stored-token");
  });

  it("inside Telegram, signs in silently with the init data, posted once", async () => {
    const api = fakeAuthApi();
    const { store } = render(telegramHost("query_id=AA&user=%7B%7D&hash=abc"));
    store.set(editionAtom, "BasicEdition");
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedIn as Test User"), SETTLE);
    expect(callsTo(api.calls, "telegramLogin")).toHaveLength(1);
    expect(callsTo(api.calls, "telegramLogin")[0]?.body).toEqual({ initData: "query_id=AA&user=%7B%7D&hash=abc" });
    expect(tokenStore.get()).toBe("token-tg");
    expect(store.get(userIdAtom)).toBe("8");
    expect(store.get(editionAtom)).toBe("PLUSEdition");
  });

  it("inside Telegram, a refused init data leaves the user logged out, without a dialog", async () => {
    fakeAuthApi({ telegramLogin: () => ({ code: 1001, data: { key: "loginFailed" } }) });
    render(telegramHost("query_id=AA&hash=bad"));
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedOut"), SETTLE);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("finishes a Google sign-in the route guard kept", async () => {
    window.sessionStorage.setItem(
      PENDING_SOCIAL_LOGIN_KEY,
      JSON.stringify({ status: "succeeded", provider: "google", accessToken: "ya29.token" }),
    );
    const api = fakeAuthApi({
      socialLogin: () => ({ data: { user_token: "google-token", user_id: "12", account: "g@example.com" } }),
    });
    render();
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedIn as g@example.com"), SETTLE);
    expect(callsTo(api.calls, "socialLogin")[0]?.body).toEqual({
      type: 2,
      access_token: "ya29.token",
      oauth: "google",
    });
    expect(window.sessionStorage.getItem(PENDING_SOCIAL_LOGIN_KEY)).toBeNull();
  });

  it("follows the token: a 4001 later (the token cleared) logs out and clears the session", async () => {
    tokenStore.set("stored-token");
    fakeAuthApi();
    const { store } = render();
    await vi.waitFor(() => expect(probe()).toHaveTextContent("loggedIn"), SETTLE);
    act(() => tokenStore.clear());
    expect(probe()).toHaveTextContent("loggedOut");
    expect(store.get(accountAtom)).toBeNull();
    expect(store.get(userIdAtom)).toBe("");
  });
});
