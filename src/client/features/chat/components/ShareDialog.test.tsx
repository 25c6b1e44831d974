import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { ShareDialog } from "./ShareDialog.tsx";

const link = { code: "abcDEF123_-", url: "/chatDetail/abcDEF123_-", qrcode: "", summary_str: "What is the BTC price?" };

/** A host whose share sheet is Telegram's (Mini Apps 8.0): shareMessage answers as the test says. */
function telegramLikeHost(outcome: "shared" | "cancelled" | "failed") {
  const browser = createBrowserHost();
  const sharePreparedMessage = vi.fn(async (_id: string) => outcome);
  const host: Host = {
    ...browser,
    share: { ...browser.share, toChat: true, preparedMessage: true, sharePreparedMessage },
  };
  return { host, sharePreparedMessage };
}

function renderDialog(host: Host, onClose = vi.fn()) {
  renderWithProviders(<ShareDialog open onClose={onClose} link={link} messages={[]} />, host);
  return { onClose };
}

describe("ShareDialog: Share to Telegram", () => {
  it("is not offered in a plain browser, where the dialog stays as it was", () => {
    renderDialog(createBrowserHost());
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Share to Telegram" })).not.toBeInTheDocument();
  });

  it("asks the server for the card and hands its id to Telegram's shareMessage", async () => {
    const api = stubApi(() => ({
      data: { id: "prepared-7", expiration_date: 1_800_000_000, code: link.code, url: link.url },
    }));
    const { host, sharePreparedMessage } = telegramLikeHost("shared");
    const { onClose } = renderDialog(host);
    // the link-sharing button gives way to Telegram's own picker
    expect(screen.queryByRole("button", { name: "Share to a Telegram chat" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Share to Telegram" }));
    expect(await screen.findByText("Shared to Telegram.")).toBeInTheDocument();
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["POST", "telegram/share", { code: link.code, language: "en" }],
    ]);
    expect(sharePreparedMessage).toHaveBeenCalledWith("prepared-7");
    expect(onClose).toHaveBeenCalled();
  });

  it("stays open, quietly, when the user closes Telegram's picker", async () => {
    stubApi(() => ({ data: { id: "prepared-8", expiration_date: 1, code: link.code, url: link.url } }));
    const { host, sharePreparedMessage } = telegramLikeHost("cancelled");
    const { onClose } = renderDialog(host);
    await userEvent.click(screen.getByRole("button", { name: "Share to Telegram" }));
    await vi.waitFor(() => expect(sharePreparedMessage).toHaveBeenCalledWith("prepared-8"));
    expect(await screen.findByRole("button", { name: "Share to Telegram" })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText("Shared to Telegram.")).not.toBeInTheDocument();
  });

  it("shows the server's reason when it cannot prepare the card", async () => {
    stubApi(() => ({ status: 403, code: 1001, msg: "no Telegram", data: { key: "telegramAccountRequired" } }));
    const { host, sharePreparedMessage } = telegramLikeHost("shared");
    renderDialog(host);
    await userEvent.click(screen.getByRole("button", { name: "Share to Telegram" }));
    expect(await screen.findByText("This needs an account signed in with Telegram.")).toBeInTheDocument();
    expect(sharePreparedMessage).not.toHaveBeenCalled();
  });
});

describe("ShareDialog: share rewards", () => {
  const withQr = { ...link, qrcode: "data:image/png;base64,iVBORw0KGgo=" };
  const reward = (count: number, rewarded = true) => ({
    data: { rewarded, awarded: rewarded ? 100 : 0, count, limit: 10, points: 100 * count },
  });

  function renderSignedIn(reply: Parameters<typeof stubApi>[0]) {
    const api = stubApi(reply);
    const user = userEvent.setup();
    const { store } = renderWithProviders(
      <ShareDialog open onClose={vi.fn()} link={withQr} messages={[]} />,
      createBrowserHost(),
    );
    act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
    return { api, user };
  }

  it("rewards a signed-in user's copied link and says the points won", async () => {
    const { api, user } = renderSignedIn(() => reward(1));
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("+100 points for sharing")).toBeInTheDocument();
    const share = api.calls.find((call) => call.path === "points/share");
    expect(share?.body).toEqual({ type: 2, requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
  });

  it("shows the WeChat QR on asking, rewarding it as a WeChat share; a full day says so", async () => {
    const { api, user } = renderSignedIn(() => reward(10, false));
    expect(screen.queryByRole("img", { name: "QR code of the link" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share on WeChat" }));
    expect(screen.getByRole("img", { name: "QR code of the link" })).toBeInTheDocument();
    expect(
      await screen.findByText("Today's 10 share rewards are all collected. Share again tomorrow for more."),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "points/share")?.body).toMatchObject({ type: 3 });
  });

  it("asks nothing for a visitor's share", async () => {
    const api = stubApi(() => reward(1));
    const user = userEvent.setup();
    renderWithProviders(<ShareDialog open onClose={vi.fn()} link={withQr} messages={[]} />);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
