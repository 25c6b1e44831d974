import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatGroup } from "../../../../contract/chat.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { stubApi } from "../../../shared/testing/stub-api.ts";
import ChatHistory from "./ChatHistory.tsx";

const now = new Date(2024, 4, 20, 12, 0);
const at = (day: number, hour = 10) => new Date(2024, 4, day, hour).toISOString();
const chat = (msggroup: string, content: string, time: string): ChatGroup => ({
  msggroup,
  content,
  create_time: time,
  update_time: time,
  agent_id: "",
  img: null,
  choose: false,
});

const chats = [
  chat("1716199200000u1", "BTC price today?", at(20)),
  chat("1716112800000u1", "ETH trend", at(19)),
  chat("1715680800000u1", '{"title":"Price forecast: SOL"}', at(14)),
  chat("1714557600000u1", "What moved?", at(1)),
];

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("chat history", () => {
  it("groups chats by day and links each to its chat", async () => {
    stubApi(() => ({ data: { list: chats, total: chats.length } }));
    renderWithProviders(<ChatHistory now={now} />);
    const today = await screen.findByRole("region", { name: "Today" });
    expect(within(today).getByRole("link", { name: "BTC price today?" })).toHaveAttribute(
      "href",
      "/chat/1716199200000u1",
    );
    expect(within(screen.getByRole("region", { name: "Yesterday" })).getByRole("link")).toHaveTextContent("ETH trend");
    expect(within(screen.getByRole("region", { name: "Previous 7 days" })).getByRole("link")).toHaveTextContent(
      "Price forecast: SOL",
    );
    expect(screen.getByRole("region", { name: "May 1, 2024" })).toHaveTextContent("What moved?");
  });

  it("selects, selects all, clears and deletes after confirmation; the open chat gives way to the first left", async () => {
    // the test's clock runs on its own and jumps where the test waits for the delete debounce
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    window.history.replaceState(null, "", "/chat/1716199200000u1");
    let list = chats;
    const api = stubApi((call) => {
      if (call.path === "delMsgGroupList") {
        const ids = (call.body as { msggroup: string[] }).msggroup;
        list = list.filter((item) => !ids.includes(item.msggroup));
        return { data: { deleted: ids.length } };
      }
      return { data: { list, total: list.length } };
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<ChatHistory now={now} />);
    expect(await screen.findByRole("link", { name: "BTC price today?" })).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByRole("button", { name: "Edit chats" }));
    expect(screen.getByRole("button", { name: "Delete (0)" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Select all" }));
    expect(screen.getAllByRole("checkbox").every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Clear all" }));
    expect(screen.getByRole("button", { name: "Delete (0)" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "BTC price today?" }));
    await user.click(screen.getByRole("checkbox", { name: "ETH trend" }));

    await user.click(screen.getByRole("button", { name: "Delete (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete 2 chats?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.calls.some((call) => call.path === "delMsgGroupList")).toBe(false);

    // deleting is debounced for a second: a second later (on the test's clock) it is open again
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await user.click(screen.getByRole("button", { name: "Delete (2)" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete 2 chats?" })).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(window.location.pathname).toBe("/chat/1715680800000u1"));
    expect(api.calls.find((call) => call.path === "delMsgGroupList")?.body).toEqual({
      msggroup: ["1716199200000u1", "1716112800000u1"],
    });
    expect(screen.getByText("Deleted.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "BTC price today?" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Edit chats" })).toBeInTheDocument();
  });

  it("says when there are no chats yet", async () => {
    stubApi(() => ({ data: { list: [], total: 0 } }));
    renderWithProviders(<ChatHistory now={now} />);
    expect(await screen.findByText("No chats yet. Your conversations will be listed here.")).toBeInTheDocument();
  });
});
