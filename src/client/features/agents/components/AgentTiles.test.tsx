import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Host } from "../../../host/host.ts";
import { createTelegramHost, type TelegramHost } from "../../../host/telegram-host.ts";
import { installTelegramMock, type TelegramMock } from "../../../host/telegram-mock.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { type LayoutMode, LayoutModeContext } from "../../../shared/ui/layout-mode.ts";
import { AgentTiles } from "./AgentTiles.tsx";

function renderTiles(mode: LayoutMode, onOpen = vi.fn(), host?: Host) {
  renderWithProviders(
    <LayoutModeContext.Provider value={mode}>
      <AgentTiles onOpen={onOpen} />
    </LayoutModeContext.Provider>,
    host,
  );
  const region = screen.getByRole("region", { name: "Agents" });
  const titles = () =>
    within(region)
      .getAllByRole("listitem")
      .map((item) => within(item).getAllByRole("button")[0]?.textContent);
  return { region, titles, onOpen };
}

describe("home agent tiles", () => {
  it("shows four on a phone, the ones a tap opens first; More shows the rest and Collapse folds them back", async () => {
    const user = userEvent.setup();
    const { titles } = renderTiles("narrow");
    expect(titles()).toEqual(["Price prediction", "Research report", "Swap", "AI invest assistant"]);

    const more = screen.getByRole("button", { name: "More" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    const collapse = screen.getByRole("button", { name: "Collapse" });
    expect(collapse).toHaveAttribute("aria-expanded", "true");
    expect(titles()).toEqual([
      "Price prediction",
      "Research report",
      "Swap",
      "AI invest assistant",
      "AI coin selection",
      "Customer service",
      "Airdrops",
      "NFT recommendation",
      "NFT comparison",
      "Wallet",
    ]);
    // only offered agents: nothing the spec turns off or announces
    expect(screen.queryByRole("button", { name: "Derivatives" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Airdrop assistant" })).not.toBeInTheDocument();
    // one waiting for data says why, as on the hub
    expect(screen.getByRole("button", { name: "NFT recommendation" })).toBeDisabled();
    expect(
      screen.getByRole("button", { name: "NFT recommendation", description: /NFT data is not available yet\./ }),
    ).toBeInTheDocument();

    await user.click(collapse);
    expect(titles()).toHaveLength(4);
    expect(screen.getByRole("button", { name: "More" })).toHaveAttribute("aria-expanded", "false");
  });

  it("shows six on a desktop, all of them openable", () => {
    const { titles } = renderTiles("wide");
    expect(titles()).toEqual([
      "Price prediction",
      "Research report",
      "Swap",
      "AI invest assistant",
      "AI coin selection",
      "Customer service",
    ]);
    for (const name of titles()) expect(screen.getByRole("button", { name: name ?? "" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "More" })).toBeInTheDocument();
  });

  it("a tile opens its agent; one that cannot open does nothing", async () => {
    const user = userEvent.setup();
    const { onOpen } = renderTiles("wide");
    await user.click(screen.getByRole("button", { name: "Research report" }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: "1", opens: "chat" }));
    onOpen.mockClear();
    await user.click(screen.getByRole("button", { name: "More" }));
    await user.click(screen.getByRole("button", { name: "Wallet" }));
    expect(onOpen).not.toHaveBeenCalled();
  });
});

describe("home agent tiles in Telegram", () => {
  let mock: TelegramMock | undefined;
  let host: TelegramHost | undefined;
  afterEach(() => {
    host?.dispose();
    mock?.uninstall();
    host = undefined;
    mock = undefined;
    sessionStorage.clear();
  });

  it("hides the swap agent in the mini app (spec §6); the next one takes its tile", async () => {
    mock = installTelegramMock();
    host = createTelegramHost();
    const user = userEvent.setup();
    const { titles } = renderTiles("narrow", vi.fn(), host);
    expect(titles()).toEqual(["Price prediction", "Research report", "AI invest assistant", "AI coin selection"]);
    await user.click(screen.getByRole("button", { name: "More" }));
    expect(titles()).not.toContain("Swap");
    expect(titles()).toHaveLength(9);
  });
});
