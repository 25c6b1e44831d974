import type { ChatGroup } from "../../../../contract/chat.ts";

export type DayGroupKind = "today" | "yesterday" | "week" | "date";

export interface DayGroup {
  /** unique per group: the kind, or the day (YYYY-MM-DD) for older ones */
  key: string;
  kind: DayGroupKind;
  /** the local day of the group's newest chat (for "date" headings) */
  day: Date;
  chats: ChatGroup[];
}

const DAY_MS = 86_400_000;

function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** Whole calendar days between two local midnights (DST-safe: rounds the 23 or 25 hour days). */
function daysBetween(later: Date, earlier: Date): number {
  return Math.round((startOfLocalDay(later).getTime() - startOfLocalDay(earlier).getTime()) / DAY_MS);
}

function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** When a chat was last active: its update time, else its creation time. */
export function chatTime(chat: ChatGroup): Date {
  const updated = new Date(chat.update_time);
  return Number.isNaN(updated.getTime()) ? new Date(chat.create_time) : updated;
}

/**
 * Groups chats by day in the user's time zone (the browser's): Today, Yesterday, Previous 7 days, then one
 * group per older date. Newest first inside and across groups; unreadable times go last.
 */
export function groupChatsByDay(chats: readonly ChatGroup[], now: Date = new Date()): DayGroup[] {
  const sorted = [...chats].sort((a, b) => (chatTime(b).getTime() || 0) - (chatTime(a).getTime() || 0));
  const groups: DayGroup[] = [];
  for (const chat of sorted) {
    const time = chatTime(chat);
    const valid = !Number.isNaN(time.getTime());
    const age = valid ? daysBetween(now, time) : Number.POSITIVE_INFINITY;
    const kind: DayGroupKind = age <= 0 ? "today" : age === 1 ? "yesterday" : age <= 7 ? "week" : "date";
    const key = kind === "date" ? (valid ? dayKey(time) : "unknown") : kind;
    const last = groups.at(-1);
    if (last?.key === key) last.chats.push(chat);
    else groups.push({ key, kind, day: startOfLocalDay(valid ? time : new Date(0)), chats: [chat] });
  }
  return groups;
}

/** The history line of a chat: its first question, or the title of an agent chat's JSON content. */
export function chatTitle(content: string): string {
  const text = content.trim();
  if (text.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === "object" && parsed !== null && "title" in parsed && typeof parsed.title === "string") {
        return parsed.title;
      }
    } catch {
      // plain text that happens to start with a brace
    }
  }
  return text;
}
