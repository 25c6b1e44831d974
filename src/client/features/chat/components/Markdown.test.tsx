import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isAnswerImage } from "../model/answer-images.ts";
import MarkdownContent from "./Markdown.tsx";

const FIGURE = "/v2/api/chat/figure/BTC.svg?interval=4h&to=1772344800000&count=42";
const ALT = "BTC 4h closing prices, 2026-02-22 to 2026-03-01 12:00 UTC";

describe("answer markdown images", () => {
  it("shows the product's chart figure as a lazy image with its alt text as a caption", () => {
    const { container } = render(
      <MarkdownContent text={`BTC went up.\n\n![${ALT}](${FIGURE})\n\n| a | b |\n| --- | --- |`} />,
    );
    const image = screen.getByRole("img", { name: ALT });
    expect(image.getAttribute("src")).toBe(FIGURE);
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.closest(".markdown__figure")).not.toBeNull();
    expect(container.querySelector(".markdown__caption")?.textContent).toBe(ALT);
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("loads an uploaded chat image too", () => {
    render(<MarkdownContent text="![my chart](/v2/api/chat/upload/AbCdEf12345678_-xyzABCDE)" />);
    expect(screen.getByRole("img", { name: "my chart" }).getAttribute("src")).toBe(
      "/v2/api/chat/upload/AbCdEf12345678_-xyzABCDE",
    );
  });

  it("never loads an image from anywhere else: it stays a link", () => {
    const { container } = render(
      <MarkdownContent text={"![tracker](https://evil.example/pixel.png)\n\n![local](/v2/api/coin/image/BTC.svg)"} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: "tracker" }).getAttribute("href")).toBe("https://evil.example/pixel.png");
    expect(screen.getByRole("link", { name: "local" })).toBeInTheDocument();
  });

  it("accepts only this server's figure and upload paths", () => {
    expect(isAnswerImage(FIGURE)).toBe(true);
    expect(isAnswerImage("/v2/api/chat/figure/compare.svg?a=BTC&b=ETH&interval=1d&to=1&count=30")).toBe(true);
    for (const src of [
      "//evil.example/v2/api/chat/figure/BTC.svg",
      "https://evil.example/v2/api/chat/figure/BTC.svg",
      "/v2/api/chat/figure/../../user/avatar",
      "/v2/api/chat/figure/..%2F..%2Fx",
      "/v2/api/chat/figure/a/b.svg",
      "/v2/api/chat/figure/",
      "data:image/svg+xml,<svg/>",
      "/v2/api/chat/figure/BTC.svg?x=<script>",
    ]) {
      expect(isAnswerImage(src), src).toBe(false);
    }
  });
});
