import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { swapDraftOfHref, swapScreenHref } from "../../../../contract/chat.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import MarkdownContent from "./Markdown.tsx";

/** The end of an aiSwap answer as MountainLion writes it: the steps, then the swap screen's link. */
const HREF = "/swap?fromChainId=56&toChainId=56&fromToken=USDT&toToken=SOL&amount=500";
const ANSWER = [
  "**Swap order**\n1. ✓ Analyzing the requirement: swap 500 USDT for SOL on BNB Chain",
  `[500 USDT → SOL · BNB Chain](${HREF})`,
  "**I haven't placed any order.** I never sign for you.",
].join("\n\n");

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("the swap draft card of an aiSwap answer", () => {
  it("shows the pair, the amount and the chain, and opens the prefilled swap screen in the app", async () => {
    renderWithProviders(<MarkdownContent text={ANSWER} />);
    const card = screen.getByRole("group", { name: "Review this swap" });
    expect(within(card).getByText("500 USDT → SOL · BNB Chain")).toBeInTheDocument();
    expect(within(card).getByText(/nothing happens until you sign in your own wallet/)).toBeInTheDocument();
    const open = within(card).getByRole("link", { name: "Open the swap screen" });
    expect(open.getAttribute("href")).toBe(HREF);
    // in the app: no new tab
    expect(open.getAttribute("target")).toBeNull();
    await userEvent.click(open);
    expect(`${window.location.pathname}${window.location.search}`).toBe(HREF);
    // the card stands where the link stood, inside the answer's paragraph
    expect(card.closest("p")).not.toBeNull();
  });

  it("other links stay links that open in a new tab, a swap screen link without both tokens too", () => {
    renderWithProviders(
      <MarkdownContent
        text={
          "[predict](/predict/BTC) and [swap](/swap?fromToken=USDT) and [odd](/swap?fromToken=USDT&toToken=SOL&x=1)"
        }
      />,
    );
    expect(screen.queryByRole("group", { name: "Review this swap" })).toBeNull();
    for (const name of ["predict", "swap", "odd"]) {
      expect(screen.getByRole("link", { name }).getAttribute("target")).toBe("_blank");
    }
  });

  it("reads only the swap screen's query names, each once and valid", () => {
    expect(swapDraftOfHref(HREF)).toEqual({
      fromChainId: 56,
      toChainId: 56,
      fromToken: "USDT",
      toToken: "SOL",
      amount: "500",
    });
    const address = "0x55d398326f99059fF775485246999027B3197955";
    expect(swapDraftOfHref(swapScreenHref({ fromToken: address, toToken: "ETH", amount: "0.5" }))).toEqual({
      fromToken: address,
      toToken: "ETH",
      amount: "0.5",
    });
    for (const href of [
      "https://evil.example/swap?fromToken=USDT&toToken=SOL",
      "/swap/1?fromToken=USDT&toToken=SOL",
      "/swap?fromToken=USDT&toToken=SOL&toToken=ETH",
      "/swap?fromToken=USDT&toToken=SOL&amount=1e5",
      "/swap?fromToken=USDT&toToken=<b>",
      "/swap?fromToken=USDT&toToken=SOL&fromChainId=-1",
    ]) {
      expect(swapDraftOfHref(href), href).toBeNull();
    }
  });
});
