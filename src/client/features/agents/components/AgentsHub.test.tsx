import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agentCatalogue, agentIds } from "../../../../contract/agents.ts";
import { createTelegramHost, type TelegramHost } from "../../../host/telegram-host.ts";
import { installTelegramMock, type TelegramMock } from "../../../host/telegram-mock.ts";
import { agentsTypeAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { agentTexts } from "../agent-texts.ts";
import { AgentsHub } from "./AgentsHub.tsx";

const card = (name: string) => screen.getByRole("button", { name });

describe("agents hub", () => {
  it("lists 18 agents with unique ids, each with four sample questions", () => {
    expect(agentCatalogue.map((agent) => agent.id).sort()).toEqual([...agentIds].sort());
    expect(agentIds).toHaveLength(18);
    for (const id of agentIds) expect(agentTexts[id].relatedQuestions).toHaveLength(4);
  });

  it("shows the trading group first, and opens an available agent", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWithProviders(<AgentsHub onOpen={onOpen} />);
    const tabs = screen.getByRole("tablist", { name: "Agent groups" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Trading", "Opportunities", "Management"]);
    expect(within(tabs).getByRole("tab", { name: "Trading" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Trading" });
    expect(
      within(panel)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Price prediction", "Research report", "Swap", "AI invest assistant", "AI coin selection"]);
    expect(
      screen.getByRole("button", {
        name: "Research report",
        description: "Reports on a token's market, trend and news.",
      }),
    ).toBeInTheDocument();
    await user.click(card("Research report"));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: "1", opens: "chat" }));
  });

  it("shows what cannot be opened, and why: disabled, coming soon, no data yet, served elsewhere", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const { store } = renderWithProviders(<AgentsHub onOpen={onOpen} />);

    await user.click(screen.getByRole("tab", { name: "Opportunities" }));
    expect(store.get(agentsTypeAtom)).toBe("PredictAgent");
    expect(card("Derivatives")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Derivatives", description: /Disabled/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Airdrop assistant", description: /Coming soon/ })).toBeInTheDocument();
    expect(card("NFT recommendation")).toBeDisabled();
    expect(
      screen.getByRole("button", { name: "NFT recommendation", description: /NFT data is not available yet\./ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Management" }));
    for (const name of ["Lending", "Staking", "Insurance", "Asset management"]) {
      expect(card(name)).toBeDisabled();
      expect(screen.getByRole("button", { name, description: /Disabled/ })).toBeInTheDocument();
    }
    expect(screen.getByRole("button", { name: "Intelligent finance", description: /Coming soon/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Wallet", description: /shown in Settings/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open wallet settings" })).toHaveAttribute(
      "href",
      "/settings/?type=wallet",
    );
    await user.click(card("Wallet"));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("remembers the chosen group, and /discover starts on trading without forgetting it", async () => {
    const first = renderWithProviders(<AgentsHub onOpen={() => undefined} />);
    first.store.set(agentsTypeAtom, "ManagementAgent");
    expect(await screen.findByRole("tab", { name: "Management", selected: true })).toBeInTheDocument();
    first.unmount();

    const discover = renderWithProviders(<AgentsHub onOpen={() => undefined} initialGroup="tradingAgent" />);
    discover.store.set(agentsTypeAtom, "ManagementAgent");
    expect(await screen.findByRole("tab", { name: "Trading", selected: true })).toBeInTheDocument();
    expect(discover.store.get(agentsTypeAtom)).toBe("ManagementAgent");
  });

  it("offers customer service under Help on every tab", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWithProviders(<AgentsHub onOpen={onOpen} />);
    const help = screen.getByRole("region", { name: "Help" });
    await user.click(screen.getByRole("tab", { name: "Management" }));
    await user.click(within(help).getByRole("button", { name: "Customer service" }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: "14" }));
  });
});

describe("agents hub in Telegram", () => {
  let mock: TelegramMock | undefined;
  let host: TelegramHost | undefined;
  afterEach(() => {
    host?.dispose();
    mock?.uninstall();
    host = undefined;
    mock = undefined;
    sessionStorage.clear();
  });

  it("hides the swap agent in the mini app (spec §6) and keeps the rest of the trading group", () => {
    mock = installTelegramMock();
    host = createTelegramHost();
    renderWithProviders(<AgentsHub onOpen={vi.fn()} />, host);
    const panel = screen.getByRole("tabpanel", { name: "Trading" });
    expect(
      within(panel)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Price prediction", "Research report", "AI invest assistant", "AI coin selection"]);
    expect(screen.queryByRole("button", { name: "Swap" })).not.toBeInTheDocument();
  });
});
