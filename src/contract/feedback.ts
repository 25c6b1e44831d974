import { z } from "zod";
import { Limits } from "./constants.ts";

/** Feedback form (spec §3 Feedback, §5). */
export const seriousnessLevels = [1, 2, 3, 4, 5] as const;
export const feedbackTypes = ["bug", "feature", "experience", "other"] as const;
export const bugLocations = ["before_chat", "generating", "in_answer", "other"] as const;
export const screenshotMimeTypes = ["image/png", "image/jpeg", "image/jpg"] as const;

export type FeedbackType = (typeof feedbackTypes)[number];
export type BugLocation = (typeof bugLocations)[number];

const SCREENSHOT_DATA_URL = /^data:(image\/(?:png|jpeg|jpg));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Splits a screenshot data URL into its type and bytes, or undefined when it is not png/jpeg/jpg. */
export function parseScreenshotDataUrl(value: string): { mime: string; base64: string } | undefined {
  const match = SCREENSHOT_DATA_URL.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  return { mime: match[1], base64: match[2] };
}

/** Decoded size of a base64 payload in bytes. */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** "required" when the field is absent, "invalidValue" when it is there but wrong. */
const presence = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "required" : "invalidValue";

const requiredText = (max: number) =>
  z.string({ error: presence }).trim().min(1, { error: "required" }).max(max, { error: "tooLong" });

export const addFeedbackBodySchema = z
  .object({
    seriousness: z.union(
      seriousnessLevels.map((level) => z.literal(level)),
      { error: presence },
    ),
    type: z.enum(feedbackTypes, { error: "invalidValue" }).default("bug"),
    bug_location: z.enum(bugLocations, { error: "invalidValue" }).optional(),
    content: requiredText(Limits.feedbackContentMax),
    contact: requiredText(Limits.feedbackContactMax),
    base64_content: z
      .string({ error: "imgTypeTip" })
      .refine((value) => parseScreenshotDataUrl(value) !== undefined, { error: "imgTypeTip" })
      .refine(
        (value) => base64DecodedBytes(parseScreenshotDataUrl(value)?.base64 ?? "") <= Limits.feedbackScreenshotMaxBytes,
        { error: "payloadTooLarge" },
      )
      .optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.type === "bug" && body.bug_location === undefined) {
        ctx.addIssue({ code: "custom", path: ["bug_location"], message: "required" });
      }
    },
    // run even when other fields are wrong, so the client learns of every missing field at once
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );

export type AddFeedbackBody = z.input<typeof addFeedbackBodySchema>;

export const addFeedbackDataSchema = z.object({ id: z.number().int() });
export type AddFeedbackData = z.infer<typeof addFeedbackDataSchema>;
