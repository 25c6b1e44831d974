import { describe, expect, it } from "vitest";
import { formatDate } from "./date-time.ts";

describe("formatDate", () => {
  it("writes a date in the app's language", () => {
    const date = new Date(2025, 2, 7, 14, 5);
    expect(formatDate(date, "en")).toBe("Mar 7, 2025");
    expect(formatDate(date, "zh")).toBe("2025年3月7日");
    expect(formatDate(date, "en", { withTime: true })).toMatch(/^Mar 7, 2025, 2:05\sPM$/);
  });

  it("is empty for a missing or unreadable value", () => {
    expect(formatDate(null, "en")).toBe("");
    expect(formatDate("", "en")).toBe("");
    expect(formatDate("not a date", "en")).toBe("");
  });
});
