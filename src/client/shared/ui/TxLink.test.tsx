import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createBrowserHost } from "../../host/browser-host.ts";
import { renderWithProviders } from "../testing/render-with-providers.tsx";
import { TxLink } from "./TxLink.tsx";

const HASH = `0x${"ab".repeat(32)}`;
const EXPLORER = `https://explorer.test/tx/${HASH}`;

describe("a transaction link (spec §5: first 4 and last 4)", () => {
  it("is named by its label and the short hash, and opens the explorer through the host", async () => {
    const browser = createBrowserHost();
    const open = vi.fn<(url: string) => void>();
    renderWithProviders(<TxLink label="Swap transaction" hash={HASH} url={EXPLORER} />, {
      ...browser,
      links: { ...browser.links, open },
    });
    const link = screen.getByRole("link", { name: "Swap transaction 0xab...abab" });
    expect(link).toHaveTextContent("0xab...abab");
    expect(link).toHaveAttribute("href", EXPLORER);
    expect(link).toHaveAttribute("title", HASH);
    await userEvent.setup().click(link);
    expect(open).toHaveBeenCalledWith(EXPLORER);
  });

  it("without an explorer is the short hash as text, the whole hash in its title", () => {
    renderWithProviders(<TxLink label="Approval" hash={HASH} url={null} />);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("0xab...abab")).toHaveAttribute("title", HASH);
  });
});
