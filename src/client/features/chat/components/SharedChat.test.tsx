import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import { storedMessage } from "../testing/chat-api-stub.ts";
import { ChatStart } from "./ChatStart.tsx";
import { SharedChat } from "./SharedChat.tsx";

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("shared chat page", () => {
  it("shows the shared messages read-only, with a link to ask one's own question", async () => {
    const api = stubApi(() => ({
      data: {
        code: "s1",
        summary: "BTC price today?",
        create_time: "2024-05-01T10:00:00Z",
        messages: [
          storedMessage({ code: "q1", role: "user", content: "BTC price today?" }),
          storedMessage({ code: "a1", role: "assistant", content: "**BTC** is 60,000 USDT." }),
        ],
      },
    }));
    renderWithProviders(<SharedChat code="s1" />);
    expect(await screen.findByRole("heading", { level: 1, name: "BTC price today?" })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("article", { name: "Answer" })).toHaveTextContent("BTC is 60,000 USDT."),
    );
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Good answer" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask your own question" }).getAttribute("href")).toMatch(
      /^\/chat\/\d{13}[0-9a-f]{32}\?type=newChat$/,
    );
    expect([api.calls[0]?.path, api.calls[0]?.query.get("code")]).toEqual(["getShareMessages", "s1"]);
  });

  it("says when the share does not exist", async () => {
    stubApi(() => ({ code: 1001, status: 404, data: { key: "notFound" } }));
    renderWithProviders(<SharedChat code="gone" />);
    expect(await screen.findByText("This shared chat does not exist or was removed.")).toBeInTheDocument();
  });
});

describe("chat start on the home screen", () => {
  it("opens a new chat named by the time and the user id, carrying the question", async () => {
    localStorage.setItem("userId", "u42");
    stubApi(() => ({ data: { list: ["What moved today?"] } }));
    const user = userEvent.setup();
    renderWithProviders(<ChatStart />);
    await user.type(screen.getByRole("textbox", { name: "Question" }), "BTC price?{Enter}");
    expect(window.location.pathname).toMatch(/^\/chat\/\d{13}u42$/);
    expect(new URLSearchParams(window.location.search).get("type")).toBe("newChat");
    expect(new URLSearchParams(window.location.search).get("message")).toBe("BTC price?");
  });

  it("lists recommended questions with a refresh", async () => {
    let round = 0;
    const api = stubApi(() => ({ data: { list: [`Question ${round++}`] } }));
    const user = userEvent.setup();
    renderWithProviders(<ChatStart />);
    const section = await screen.findByRole("region", { name: "Recommended questions" });
    expect(await within(section).findByRole("button", { name: "Question 0" })).toBeInTheDocument();
    await user.click(within(section).getByRole("button", { name: "Refresh" }));
    expect(await within(section).findByRole("button", { name: "Question 1" })).toBeInTheDocument();
    expect(api.calls.map((call) => call.query.get("seed"))).toEqual(["0", "1"]);
    await user.click(within(section).getByRole("button", { name: "Question 1" }));
    expect(new URLSearchParams(window.location.search).get("message")).toBe("Question 1");
  });
});
