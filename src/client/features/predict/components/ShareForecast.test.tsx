import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../../host/browser-host.ts";
import type { Host } from "../../../host/host.ts";
import { applyLogin } from "../../../shared/session/session.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { ShareForecast } from "./ShareForecast.tsx";

const image =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==";
const card = { image, width: 1200, height: 630 };

/** A host inside Telegram: a chat can be picked to send the link to. */
function telegramLikeHost() {
  const browser = createBrowserHost();
  const shareUrl = vi.fn(async (_url: string, _text?: string) => "shared" as const);
  const host: Host = { ...browser, share: { ...browser.share, toChat: true, shareUrl } };
  return { host, shareUrl };
}

describe("ShareForecast", () => {
  it("asks for the card only when opened, then shows it to download and the page's link to copy", async () => {
    const user = userEvent.setup();
    const api = stubApi(() => ({ data: card }));
    renderWithProviders(<ShareForecast coinAbbr="btc" interval="1h" />);
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog", { name: "Share the BTC forecast" });
    const picture = await within(dialog).findByRole("img", {
      name: 'BTC price forecast for the next 48 hours: past closes, the forecast and its 80% band, with its record against "no change"',
    });
    expect(picture).toHaveAttribute("src", image);
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ["POST", "share/pic/price_prediction", { coinAbbr: "BTC", interval: "1h", language: "en" }],
    ]);
    const download = within(dialog).getByRole("link", { name: "Download image" });
    expect(download).toHaveAttribute("href", image);
    expect(download).toHaveAttribute("download", "mountainlion-BTC-forecast.png");
    // a plain browser has no Telegram chat to send to
    expect(within(dialog).queryByRole("button", { name: "Share in Telegram" })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/predict/BTC`);
    expect(await screen.findByText("Copied.")).toBeInTheDocument();
  });

  it("sends the page's link to a Telegram chat through the host", async () => {
    stubApi(() => ({ data: card }));
    const { host, shareUrl } = telegramLikeHost();
    renderWithProviders(<ShareForecast coinAbbr="ETH" interval="1d" />, host);
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    await screen.findByRole("img", { name: /^ETH price forecast for the next 7 days/ });
    await userEvent.click(screen.getByRole("button", { name: "Share in Telegram" }));
    expect(shareUrl).toHaveBeenCalledWith(
      `${window.location.origin}/predict/ETH`,
      "ETH price forecast on MountainLion",
    );
  });

  it("offers a retry when the card cannot be drawn", async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, code: 1000, msg: "busy", data: { key: "Serverbusy" } } : { data: card }));
    renderWithProviders(<ShareForecast coinAbbr="BTC" interval="1h" />);
    await userEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(await screen.findByText("The image could not be created.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "Download image" })).toBeInTheDocument();
  });

  it("rewards a signed-in user's download and copied link as shares", async () => {
    const user = userEvent.setup();
    const api = stubApi((call) =>
      call.path === "points/share"
        ? { data: { rewarded: true, awarded: 200, count: 1, limit: 10, points: 200 } }
        : { data: card },
    );
    const { store } = renderWithProviders(<ShareForecast coinAbbr="BTC" interval="1d" />);
    act(() => applyLogin(store, { user_token: "token-1", user_id: "7", account: "investor@example.com" }));
    await user.click(screen.getByRole("button", { name: "Share" }));
    const download = await screen.findByRole("link", { name: "Download image" });
    download.addEventListener("click", (event) => event.preventDefault());
    await user.click(download);
    expect(await screen.findByText("+200 points for sharing")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await vi.waitFor(() => expect(api.calls.filter((call) => call.path === "points/share")).toHaveLength(2));
    expect(api.calls.filter((call) => call.path === "points/share").map((call) => call.body)).toEqual([
      expect.objectContaining({ type: 1 }),
      expect.objectContaining({ type: 2 }),
    ]);
  });
});
