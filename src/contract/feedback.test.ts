import { describe, expect, it } from "vitest";
import { addFeedbackBodySchema, base64DecodedBytes, parseScreenshotDataUrl } from "./feedback.ts";

const keysOf = (value: unknown) => {
  const result = addFeedbackBodySchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("feedback schema", () => {
  it("needs seriousness, content and contact, and a bug location for bug reports", () => {
    expect(keysOf({})).toEqual({
      seriousness: "required",
      content: "required",
      contact: "required",
      bug_location: "required",
    });
  });

  it("passes a feature request without a bug location and trims text", () => {
    const parsed = addFeedbackBodySchema.parse({
      seriousness: 1,
      type: "feature",
      content: "  dark charts ",
      contact: " me ",
    });
    expect(parsed).toEqual({ seriousness: 1, type: "feature", content: "dark charts", contact: "me" });
  });

  it("says tooLong past 200 characters", () => {
    expect(keysOf({ seriousness: 2, type: "other", content: "a".repeat(201), contact: "c" })).toEqual({
      content: "tooLong",
    });
  });

  it("reads screenshot data URLs of png and jpeg only", () => {
    expect(parseScreenshotDataUrl("data:image/png;base64,AAAA")).toEqual({ mime: "image/png", base64: "AAAA" });
    expect(parseScreenshotDataUrl("data:image/jpg;base64,AAAA")?.mime).toBe("image/jpg");
    expect(parseScreenshotDataUrl("data:image/webp;base64,AAAA")).toBeUndefined();
    expect(base64DecodedBytes("AAAA")).toBe(3);
    expect(base64DecodedBytes("AA==")).toBe(1);
  });
});
