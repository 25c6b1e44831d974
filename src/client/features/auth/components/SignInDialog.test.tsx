import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { accountAtom, loginStatusAtom } from "../../../shared/session/session.ts";
import { editionAtom, userIdAtom } from "../../../shared/settings/settings.ts";
import { tokenStore } from "../../../shared/storage/token-store.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import type { StubReply } from "../../../shared/testing/stub-api.ts";
import { callsTo, fakeAuthApi, type Handlers } from "../testing/fake-auth-api.ts";
import { SignInButton } from "./SignInButton.tsx";
import { SignInDialogHost } from "./SignInDialogHost.tsx";

// The real check loads ALTCHA's web component and solves a proof of work; here a button stands in for it.
vi.mock("./HumanCheck.tsx", () => ({
  HumanCheck: ({ onVerified, error }: { onVerified: (token: string) => void; error?: string }) => (
    <div>
      <button type="button" onClick={() => onVerified("human-token")}>
        Pass the human check
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

async function openSignIn(handlers: Handlers = {}, host: Host = createBrowserHost()) {
  const api = fakeAuthApi(handlers);
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderWithProviders(
    <>
      <SignInButton />
      <SignInDialogHost />
    </>,
    host,
  );
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  // The first test also waits for the dialog's chunk to be transformed.
  const dialog = await screen.findByRole("dialog", { name: "Sign in" }, { timeout: 5000 });
  return { api, user, store: view.store, dialog: within(dialog) };
}

type User = Awaited<ReturnType<typeof openSignIn>>["user"];

function describedText(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
}

function field(name: string | RegExp): HTMLElement {
  return within(screen.getByRole("dialog")).getByLabelText(name);
}

/** Passes the (stand-in) human check and waits the 2 s after which the form appears. */
async function passHumanCheck(user: User) {
  await user.click(screen.getByRole("button", { name: "Pass the human check" }));
  expect(screen.getByText("Verified. The form appears in a moment…")).toBeInTheDocument();
  expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  await screen.findByLabelText("Email");
}

async function openSignUp(handlers: Handlers = {}) {
  const opened = await openSignIn(handlers);
  await opened.user.click(opened.dialog.getByRole("button", { name: "No account? Sign up" }));
  await screen.findByRole("dialog", { name: "Sign up" });
  return opened;
}

async function fillSignUp(user: User, inviter = "") {
  await user.type(field("Email"), "new.investor@example.com");
  await user.type(field("Password"), "secret123");
  await user.type(field("Confirm password"), "secret123");
  await user.type(field("Image code"), "ABCD");
  if (inviter) await user.type(field("Invitation code (optional)"), inviter);
}

describe("sign-in dialog", () => {
  it("lists this host's methods; unconfigured ones say so", async () => {
    const { dialog } = await openSignIn();
    const methods = within(dialog.getByRole("list", { name: "Sign-in methods" }));
    expect(methods.getByRole("button", { name: "Email and password" })).toHaveAttribute("aria-expanded", "true");
    const google = methods.getByRole("button", { name: "Google" });
    await vi.waitFor(() => expect(describedText(google)).toBe("Not configured on this server"));
    expect(google).toBeDisabled();
    expect(describedText(methods.getByRole("button", { name: "WalletConnect" }))).toBe("Not configured on this server");
    expect(methods.getByRole("button", { name: /Browser wallet/ })).toHaveAttribute("aria-expanded", "false");
    expect(methods.queryByRole("button", { name: "Telegram account" })).not.toBeInTheDocument();
  });

  it("enables Google when the server has a client id and sends the user to Google's consent", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: "http://localhost:3000" });
    const { user, dialog } = await openSignIn({
      "app/config": () => ({
        data: {
          googleClientId: "client-1",
          walletConnectProjectId: null,
          turnstileSiteKey: null,
          telegramBotId: null,
          tonConnectManifestUrl: null,
          signInChainIds: [1, 10, 56, 100, 137, 324, 42161, 42220, 43114],
        },
      }),
    });
    const google = dialog.getByRole("button", { name: "Google" });
    await vi.waitFor(() => expect(google).toBeEnabled());
    await user.click(google);
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "client-1",
      response_type: "token",
      scope: "openid email profile",
      redirect_uri: "http://localhost:3000/",
    });
  });

  it("checks the sign-in fields: email required and valid, password required; spaces are stripped", async () => {
    const { api, user, dialog } = await openSignIn();
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    expect(describedText(field("Email"))).toBe("Please enter your email.");
    expect(describedText(field("Password"))).toBe("Please enter your password.");
    expect(field("Email")).toHaveFocus();

    await user.type(field("Email"), " invest or@exa mple");
    expect(field("Email")).toHaveValue("investor@example");
    expect(field("Email")).not.toHaveAttribute("aria-invalid");
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    expect(describedText(field("Email"))).toBe("Please enter a valid email address.");
    expect(callsTo(api.calls, "userLogin")).toHaveLength(0);
  });

  it("signs in by email: stores token and user id, sets PLUS, closes", async () => {
    const { api, user, dialog, store } = await openSignIn();
    store.set(editionAtom, "BasicEdition");
    await user.type(field("Email"), "Investor@Example.com");
    await user.type(field("Password"), "secret123");
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedIn"));
    expect(callsTo(api.calls, "userLogin")[0]?.body).toEqual({ email: "Investor@Example.com", password: "secret123" });
    expect(tokenStore.get()).toBe("token-1");
    expect(store.get(userIdAtom)).toBe("7");
    expect(store.get(accountAtom)).toBe("investor@example.com");
    expect(store.get(editionAtom)).toBe("PLUSEdition");
    expect(await screen.findByText("You are signed in.")).toBeInTheDocument();
    // the dialog closes on the render after the toast: wait for that, not for the same tick
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Sign in" })).not.toBeInTheDocument());
  });

  it("shows the server's 2001 and 2002 on the fields they concern", async () => {
    let answer = { code: 2001, data: { key: "accountError" } };
    const { user, dialog } = await openSignIn({ userLogin: () => answer });
    await user.type(field("Email"), "nobody@example.com");
    await user.type(field("Password"), "secret123");
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(describedText(field("Email"))).toBe("No account exists for this email."));
    answer = { code: 2002, data: { key: "incorrectLogin" } };
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(describedText(field("Password"))).toBe("Incorrect email or password."));
  });

  it("toasts a rate-limited sign-in (4003)", async () => {
    const { user, dialog } = await openSignIn({
      userLogin: () => ({ status: 429, code: 4003, data: { key: "tooFrequent" } }),
    });
    await user.type(field("Email"), "investor@example.com");
    await user.type(field("Password"), "secret123");
    await user.click(dialog.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many requests. Please wait a moment and try again.")).toBeInTheDocument();
  });
});

describe("sign-up", () => {
  it("asks for the human check first; the form appears 2 s after it passed", async () => {
    const { user } = await openSignUp();
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    await passHumanCheck(user);
    expect(field("Password")).toBeInTheDocument();
    expect(field("Confirm password")).toBeInTheDocument();
    expect(field("Image code")).toBeInTheDocument();
    expect(field("Invitation code (optional)")).toBeInTheDocument();
  });

  it("checks each field by the rules of spec §5", async () => {
    const { api, user } = await openSignUp();
    await passHumanCheck(user);
    const send = screen.getByRole("button", { name: "Send code" });
    await user.click(send);
    expect(describedText(field("Email"))).toBe("Please enter your email.");
    expect(describedText(field("Password"))).toContain("Please enter your password.");
    expect(describedText(field("Confirm password"))).toBe("Please enter the password again.");
    expect(describedText(field("Image code"))).toBe("Please enter the image code.");
    expect(field("Invitation code (optional)")).not.toHaveAttribute("aria-invalid");
    expect(field("Email")).toHaveFocus();

    await user.type(field("Email"), "not-an-email");
    await user.type(field("Password"), "12345");
    await user.type(field("Confirm password"), "123456");
    await user.click(send);
    expect(describedText(field("Email"))).toBe("Please enter a valid email address.");
    expect(describedText(field("Password"))).toContain("The password must be 6 to 20 characters long.");
    expect(describedText(field("Confirm password"))).toBe("The passwords do not match.");

    await user.clear(field("Password"));
    await user.type(field("Password"), "123456789012345678901");
    await user.click(send);
    expect(describedText(field("Password"))).toContain("The password must be 6 to 20 characters long.");
    expect(callsTo(api.calls, "sendEmailCode")).toHaveLength(0);
  });

  it("keeps only uppercase letters and digits in the invitation code as it is typed", async () => {
    const { user } = await openSignUp();
    await passHumanCheck(user);
    await user.type(field("Invitation code (optional)"), "ab-C1 2x_Z!9");
    expect(field("Invitation code (optional)")).toHaveValue("C12Z9");
  });

  it("sends the code with the token, language, scene and captcha; then counts 60 s down to resend", async () => {
    const { api, user } = await openSignUp();
    await passHumanCheck(user);
    await fillSignUp(user, "INV1TE");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByLabelText("Verification code")).toBeInTheDocument();
    expect(callsTo(api.calls, "sendEmailCode")[0]?.body).toEqual({
      email: "new.investor@example.com",
      token: "human-token",
      language: "en",
      scene: "REGISTER",
      captchaId: "captcha-1",
      captchaCode: "ABCD",
    });
    expect(screen.getByText("The code was sent.")).toBeInTheDocument();

    const countdown = screen.getByRole("button", { name: /^Resend code in \d+ s$/ });
    expect(countdown).toBeDisabled();
    const seconds = Number(/(\d+)/.exec(countdown.textContent ?? "")?.[1]);
    expect(seconds).toBeGreaterThan(55);
    expect(seconds).toBeLessThanOrEqual(60);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByRole("button", { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(screen.getByRole("button", { name: "Resend code" })).toBeEnabled();
  });

  it("checks the six-digit code, registers, and returns to sign-in with the email filled in", async () => {
    const { api, user } = await openSignUp();
    await passHumanCheck(user);
    await fillSignUp(user);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByLabelText("Verification code");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(describedText(code)).toBe("Please enter the six-digit verification code.");
    await user.type(code, "12a45");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(describedText(code)).toBe("Please enter the six-digit verification code.");
    expect(callsTo(api.calls, "register")).toHaveLength(0);

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByRole("dialog", { name: "Sign in" });
    expect(callsTo(api.calls, "register")[0]?.body).toEqual({
      email: "new.investor@example.com",
      verifyCode: "123456",
      password: "secret123",
    });
    expect(screen.getByText("Your account was created. Please sign in.")).toBeInTheDocument();
    expect(field("Email")).toHaveValue("new.investor@example.com");
    expect(field("Password")).toHaveValue("");
  });

  it("puts the server's errors on their fields: taken email, wrong image code, wrong code", async () => {
    let sendAnswer: StubReply = { code: 2005, data: { key: "emailRegistered" } };
    const { api, user } = await openSignUp({
      sendEmailCode: () => sendAnswer,
      register: () => ({ code: 2006, data: { key: "codeError" } }),
    });
    await passHumanCheck(user);
    await fillSignUp(user);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await vi.waitFor(() => expect(describedText(field("Email"))).toBe("This email is already registered."));
    // The token and the image code were used up: a new check and a new image.
    expect(screen.getByRole("button", { name: "Pass the human check" })).toBeInTheDocument();
    await vi.waitFor(() => expect(callsTo(api.calls, "getCaptcha")).toHaveLength(2));

    sendAnswer = { code: 1001, data: { key: "captchaError" } };
    await user.click(screen.getByRole("button", { name: "Pass the human check" }));
    await user.type(field("Image code"), "WXYZ");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await vi.waitFor(() =>
      expect(describedText(field("Image code"))).toBe(
        "The image code is wrong or expired. Tap the image for a new one.",
      ),
    );

    sendAnswer = { code: 200, data: { resendAfterSeconds: 60 } };
    await user.click(screen.getByRole("button", { name: "Pass the human check" }));
    await user.type(field("Image code"), "QRST");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    const code = await screen.findByLabelText("Verification code");
    await user.type(code, "000000");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() => expect(describedText(code)).toBe("Wrong verification code."));
  });

  it("needs a passed human check before sending", async () => {
    const { api, user } = await openSignUp({ sendEmailCode: () => ({ code: 2005, data: { key: "emailRegistered" } }) });
    await passHumanCheck(user);
    await fillSignUp(user);
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await vi.waitFor(() => expect(callsTo(api.calls, "sendEmailCode")).toHaveLength(1));
    await user.type(field("Image code"), "ABCD");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(screen.getByText("Please confirm that you are human first.")).toBeInTheDocument();
    expect(callsTo(api.calls, "sendEmailCode")).toHaveLength(1);
  });
});

describe("switching modes", () => {
  it("clears the fields and the human-check token", async () => {
    const { user, dialog } = await openSignIn();
    await user.type(field("Email"), "typed@example.com");
    await user.type(field("Password"), "secret123");
    await user.click(dialog.getByRole("button", { name: "No account? Sign up" }));
    await screen.findByRole("dialog", { name: "Sign up" });
    await passHumanCheck(user);
    expect(field("Email")).toHaveValue("");
    await user.type(field("Email"), "other@example.com");
    await user.type(field("Invitation code (optional)"), "ABC");

    await user.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    await screen.findByRole("dialog", { name: "Sign in" });
    expect(field("Email")).toHaveValue("");
    expect(field("Password")).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "No account? Sign up" }));
    await screen.findByRole("dialog", { name: "Sign up" });
    // The check passed before counts no more: it is asked again, and the form is empty.
    expect(screen.getByRole("button", { name: "Pass the human check" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
    await passHumanCheck(user);
    expect(field("Email")).toHaveValue("");
    expect(field("Invitation code (optional)")).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    await user.click(await screen.findByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByRole("dialog", { name: "Reset password" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pass the human check" })).toBeInTheDocument();
  });
});

describe("forgot password", () => {
  async function toStep2(handlers: Handlers = {}) {
    const opened = await openSignIn(handlers);
    await opened.user.click(opened.dialog.getByRole("button", { name: "Forgot password?" }));
    await screen.findByRole("dialog", { name: "Reset password" });
    await passHumanCheck(opened.user);
    await opened.user.type(field("Email"), "investor@example.com");
    await opened.user.click(screen.getByRole("button", { name: "Send code" }));
    await screen.findByLabelText("Verification code");
    return opened;
  }

  it("sends the FORGET_PASSWORD code, checks the new passwords and returns to sign-in", async () => {
    const { api, user } = await toStep2();
    expect(callsTo(api.calls, "sendEmailCode")[0]?.body).toEqual({
      email: "investor@example.com",
      token: "human-token",
      language: "en",
      scene: "FORGET_PASSWORD",
    });
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(describedText(field("Verification code"))).toBe("Please enter the six-digit verification code.");
    expect(describedText(field("New password"))).toContain("Please enter your password.");
    expect(describedText(field("Confirm new password"))).toBe("Please enter the password again.");
    await user.type(field("Verification code"), "123456");
    await user.type(field("New password"), "newsecret1");
    await user.type(field("Confirm new password"), "newsecret2");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(describedText(field("Confirm new password"))).toBe("The passwords do not match.");
    await user.clear(field("Confirm new password"));
    await user.type(field("Confirm new password"), "newsecret1");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await screen.findByRole("dialog", { name: "Sign in" });
    expect(callsTo(api.calls, "modifyPassword")[0]?.body).toEqual({
      email: "investor@example.com",
      verifyCode: "123456",
      password: "newsecret1",
    });
    expect(screen.getByText("Your password was reset. Please log in.")).toBeInTheDocument();
    expect(field("Email")).toHaveValue("investor@example.com");
  });

  it("says how many tries are left after a wrong code (codeError2)", async () => {
    const { user } = await toStep2({
      modifyPassword: () => ({ code: 2006, data: { key: "codeError", remaining: 2 } }),
    });
    await user.type(field("Verification code"), "000000");
    await user.type(field("New password"), "newsecret1");
    await user.type(field("Confirm new password"), "newsecret1");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    await vi.waitFor(() =>
      expect(describedText(field("Verification code"))).toBe(
        "Wrong verification code. 2 tries left before a 15-minute lock.",
      ),
    );
  });

  it("returns to step 1 when the code is locked (2015)", async () => {
    const { user } = await toStep2({
      modifyPassword: () => ({ code: 2015, data: { key: "verifyLimitError", remaining: 0 } }),
    });
    await user.type(field("Verification code"), "000000");
    await user.type(field("New password"), "newsecret1");
    await user.type(field("Confirm new password"), "newsecret1");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Too many wrong codes. Please try again in 15 minutes.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
    expect(field("Email")).toHaveValue("investor@example.com");
    expect(screen.getByRole("button", { name: "Pass the human check" })).toBeInTheDocument();
  });
});

describe("inside Telegram", () => {
  const telegramHost = (initData: string | undefined): Host => ({
    ...createBrowserHost(),
    kind: "telegram",
    platform: "ios",
    rawInitData: () => initData,
    loginMethods: ["telegram", "email", "walletConnect", "tonConnect"],
  });

  it("offers Telegram, email, WalletConnect and TON Connect, never Google or browser wallets", async () => {
    const { dialog } = await openSignIn({}, telegramHost("query_id=1&hash=2"));
    const methods = within(dialog.getByRole("list", { name: "Sign-in methods" }));
    expect(methods.getByRole("button", { name: "Telegram account" })).toBeEnabled();
    expect(methods.getByRole("button", { name: "Email and password" })).toHaveAttribute("aria-expanded", "false");
    // TON Connect needs no key (the app serves its manifest); WalletConnect needs a project id
    await vi.waitFor(() => expect(methods.getByRole("button", { name: "TON Connect" })).toBeEnabled());
    expect(describedText(methods.getByRole("button", { name: "WalletConnect" }))).toBe("Not configured on this server");
    expect(methods.queryByRole("button", { name: "Google" })).not.toBeInTheDocument();
    expect(methods.queryByRole("button", { name: /Browser wallet/ })).not.toBeInTheDocument();
  });

  it("retries the Telegram sign-in from the dialog", async () => {
    const { api, user, dialog, store } = await openSignIn({}, telegramHost("query_id=1&hash=2"));
    await user.click(dialog.getByRole("button", { name: "Telegram account" }));
    await vi.waitFor(() => expect(store.get(loginStatusAtom)).toBe("loggedIn"));
    expect(callsTo(api.calls, "telegramLogin")[0]?.body).toEqual({ initData: "query_id=1&hash=2" });
    expect(tokenStore.get()).toBe("token-tg");
  });
});
