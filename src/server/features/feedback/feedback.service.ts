import type { z } from "zod";
import { ErrorCode } from "../../../contract/errors.ts";
import type { addFeedbackBodySchema } from "../../../contract/feedback.ts";
import { parseScreenshotDataUrl } from "../../../contract/feedback.ts";
import { ApiError } from "../../api-error.ts";
import type { FeedbackRepository } from "./feedback.repository.ts";

export type ValidFeedback = z.output<typeof addFeedbackBodySchema>;

export interface FeedbackAuthor {
  deviceNo: string;
  userId: string | undefined;
}

/** The first bytes of the image types a screenshot may have. */
function sniffImage(bytes: Buffer): "image/png" | "image/jpeg" | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

export function createFeedbackService(repository: FeedbackRepository) {
  return {
    async submit(input: ValidFeedback, author: FeedbackAuthor): Promise<{ id: number }> {
      let screenshot: Buffer | undefined;
      let screenshotMime: string | undefined;
      if (input.base64_content) {
        const parsed = parseScreenshotDataUrl(input.base64_content);
        const bytes = parsed ? Buffer.from(parsed.base64, "base64") : Buffer.alloc(0);
        const sniffed = sniffImage(bytes);
        // The declared type must match what the bytes are, so nothing else is stored as an image.
        if (!parsed || !sniffed || (parsed.mime === "image/png") !== (sniffed === "image/png")) {
          throw new ApiError(
            ErrorCode.RequestFailed,
            "imgTypeTip",
            400,
            [{ field: "base64_content", key: "imgTypeTip" }],
            "base64_content: the screenshot is not a png or jpeg image",
          );
        }
        screenshot = bytes;
        screenshotMime = sniffed;
      }
      return repository.insert({
        deviceNo: author.deviceNo,
        userId: author.userId ?? null,
        seriousness: input.seriousness,
        type: input.type,
        bugLocation: input.bug_location ?? null,
        content: input.content,
        contact: input.contact,
        screenshot: screenshot ?? null,
        screenshotMime: screenshotMime ?? null,
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
