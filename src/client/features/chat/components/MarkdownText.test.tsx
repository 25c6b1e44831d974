import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownText } from "./MarkdownText.tsx";

const ANSWER = "**BTC** and ETH\n\n| Coin | Price |\n| --- | --- |\n| BTC | 60,000 |";

// One test: the renderer's loading state belongs to the module, and this file is the first to load it.
describe("an answer's markdown", () => {
  it("is never shown raw while the renderer loads, and is rendered in its first paint once it has loaded", async () => {
    const first = render(<MarkdownText text={ANSWER} />);
    expect(first.container.textContent).toBe("");
    expect(first.container.querySelector("[aria-busy='true']")).not.toBeNull();
    expect(await screen.findByRole("table")).toBeInTheDocument();
    expect(first.container.textContent).not.toContain("**");
    first.unmount();

    // a later answer: rendered in the same commit as it mounts, with no fallback before it
    const later = render(<MarkdownText text={ANSWER} />);
    expect(within(later.container).getByRole("table")).toBeInTheDocument();
    expect(within(later.container).getByText("BTC", { selector: "strong" })).toBeInTheDocument();
    expect(later.container.textContent).not.toContain("|");
  });
});
