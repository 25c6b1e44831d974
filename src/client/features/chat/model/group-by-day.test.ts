import { describe, expect, it } from "vitest";
import type { ChatGroup } from "../../../../contract/chat.ts";
import { chatTitle, groupChatsByDay } from "./group-by-day.ts";

// Local times, so the test holds in any time zone the machine runs in.
const now = new Date(2024, 4, 20, 9, 30);
const at = (day: number, hour: number) => new Date(2024, 4, day, hour, 0).toISOString();

function chat(id: string, time: string): ChatGroup {
  return { msggroup: id, content: id, create_time: time, update_time: time, agent_id: "", img: null, choose: false };
}

describe("chat history by day", () => {
  it("groups Today, Yesterday, Previous 7 days, then one group per older date, newest first", () => {
    const groups = groupChatsByDay(
      [
        chat("old-b", at(1, 8)),
        chat("today-early", at(20, 0)),
        chat("yesterday-late", at(19, 23)),
        chat("week", at(14, 12)),
        chat("week-edge", at(13, 1)),
        chat("old-a", at(12, 23)),
        chat("today-late", at(20, 9)),
        chat("old-c", at(1, 20)),
      ],
      now,
    );
    expect(groups.map((group) => [group.kind, group.chats.map((c) => c.msggroup)])).toEqual([
      ["today", ["today-late", "today-early"]],
      ["yesterday", ["yesterday-late"]],
      ["week", ["week", "week-edge"]],
      ["date", ["old-a"]],
      ["date", ["old-c", "old-b"]],
    ]);
    expect(groups[3]?.day).toEqual(new Date(2024, 4, 12));
    expect(groups[4]?.key).toBe("2024-05-01");
  });

  it("uses the creation time when the update time is unreadable, and puts unreadable ones last", () => {
    const groups = groupChatsByDay(
      [
        { ...chat("broken", "nope"), create_time: "never" },
        { ...chat("created", at(20, 8)), update_time: "" },
      ],
      now,
    );
    expect(groups.map((group) => group.chats[0]?.msggroup)).toEqual(["created", "broken"]);
    expect(groups[0]?.kind).toBe("today");
  });

  it("titles agent chats by their JSON title", () => {
    expect(chatTitle('{"title":"Price forecast: BTC"}')).toBe("Price forecast: BTC");
    expect(chatTitle("  What is BTC?  ")).toBe("What is BTC?");
    expect(chatTitle("{not json")).toBe("{not json");
  });
});
