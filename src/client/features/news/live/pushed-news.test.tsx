import { act, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { NewsItemData } from "../../../../contract/news.ts";
import { FakeEventSource } from "../../../shared/live/fake-event-source.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { JustInNews } from "../components/JustInNews.tsx";
import { useLiveNewsToasts } from "./use-live-news-toasts.ts";

const item = (n: number): NewsItemData => ({
  code: `n${n}`,
  title: `Headline ${n}`,
  content: null,
  url: null,
  createTime: `2026-03-0${n}T10:00:00.000Z`,
  source: "Reuters",
  article_pic_url: null,
  language: "en",
  coins: [],
});

function LiveNews() {
  useLiveNewsToasts();
  return <JustInNews />;
}

describe("pushed news", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  it("announces each item and lists the last five, newest first", async () => {
    renderWithProviders(
      <Router hook={memoryLocation({ path: "/" }).hook}>
        <LiveNews />
      </Router>,
    );
    expect(screen.queryByRole("region", { name: "Just in" })).toBeNull();
    const source = FakeEventSource.latest();
    act(() => {
      for (let n = 1; n <= 7; n++) source.emit("news", item(n));
      source.emit("news", item(5));
    });
    const list = await screen.findByRole("region", { name: "Just in" });
    const titles = within(list)
      .getAllByRole("link")
      .map((link) => link.querySelector(".news-link__title")?.textContent);
    expect(titles).toEqual(["Headline 5", "Headline 7", "Headline 6", "Headline 4", "Headline 3"]);
    expect(screen.getAllByText(/News: Headline/).length).toBeGreaterThan(0);
  });
});
