import { describe, expect, it } from "vitest";
import { historyDepth, installHistoryDepth } from "./history-depth.ts";

describe("history depth", () => {
  it("counts entries pushed since the app opened and keeps it on replace", () => {
    window.history.replaceState(null, "", "/");
    installHistoryDepth();
    expect(historyDepth()).toBe(0);
    window.history.pushState(null, "", "/chat/1");
    window.history.pushState({ sheet: 3 }, "");
    expect(historyDepth()).toBe(2);
    expect(window.history.state).toMatchObject({ sheet: 3, depth: 2 });
    window.history.replaceState(null, "", "/chat/2");
    expect(historyDepth()).toBe(2);
  });
});
