import {
  type AddFeedbackBody,
  addFeedbackBodySchema,
  type BugLocation,
  type FeedbackType,
  type seriousnessLevels,
} from "../../../contract/feedback.ts";
import { isMessageKey, type MessageKey } from "../../../contract/message-keys.ts";
import type { ApiError } from "../../shared/api/api-error.ts";

export type Seriousness = (typeof seriousnessLevels)[number];

export type Screenshot =
  | { status: "none" }
  | { status: "attached"; name: string; dataUrl: string }
  | { status: "rejected"; name: string; key: MessageKey };

/** What the form holds while the user edits it. */
export interface FeedbackDraft {
  seriousness: Seriousness | undefined;
  type: FeedbackType;
  bugLocation: BugLocation | "";
  content: string;
  contact: string;
  screenshot: Screenshot;
}

export const emptyDraft: FeedbackDraft = {
  seriousness: undefined,
  type: "bug",
  bugLocation: "",
  content: "",
  contact: "",
  screenshot: { status: "none" },
};

/** Body fields in the order they appear on screen: the first invalid one gets the focus. */
export const feedbackFields = ["seriousness", "type", "content", "bug_location", "contact", "base64_content"] as const;
export type FeedbackField = (typeof feedbackFields)[number];

export interface FieldError {
  key: MessageKey;
  /** the file an error is about, for screenshot errors */
  fileName?: string;
}

export type FieldErrors = Partial<Record<FeedbackField, FieldError>>;

function isFeedbackField(value: string): value is FeedbackField {
  return (feedbackFields as readonly string[]).includes(value);
}

/** The body as typed so far; seriousness may still be missing, which validation reports. */
export type DraftBody = Omit<AddFeedbackBody, "seriousness"> & { seriousness: Seriousness | undefined };

export function toBody(draft: FeedbackDraft): DraftBody {
  return {
    seriousness: draft.seriousness,
    type: draft.type,
    bug_location: draft.type === "bug" && draft.bugLocation !== "" ? draft.bugLocation : undefined,
    content: draft.content,
    contact: draft.contact,
    base64_content: draft.screenshot.status === "attached" ? draft.screenshot.dataUrl : undefined,
  };
}

export type ValidationResult = { ok: true; body: AddFeedbackBody } | { ok: false; errors: FieldErrors };

/** Validates with the contract's schema (the server runs the same one); issues carry message keys. */
export function validateDraft(draft: FeedbackDraft): ValidationResult {
  const errors: FieldErrors = {};
  const result = addFeedbackBodySchema.safeParse(toBody(draft));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!isFeedbackField(field) || errors[field]) continue;
    errors[field] = { key: isMessageKey(issue.message) ? issue.message : "invalidValue" };
  }
  // A rejected file never reaches the body, but the user meant to attach it.
  if (draft.screenshot.status === "rejected") {
    errors.base64_content = { key: draft.screenshot.key, fileName: draft.screenshot.name };
  }
  if (result.success && Object.keys(errors).length === 0) return { ok: true, body: result.data };
  return { ok: false, errors };
}

/** Field errors the server reported, or undefined when the error is not about a field of this form. */
export function fieldErrorsFromApi(error: ApiError): FieldErrors | undefined {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    if (isFeedbackField(issue.field) && !errors[issue.field]) errors[issue.field] = { key: issue.key };
  }
  if (error.field !== undefined && isFeedbackField(error.field) && !errors[error.field]) {
    errors[error.field] = { key: error.key };
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export function firstInvalidField(errors: FieldErrors): FeedbackField | undefined {
  return feedbackFields.find((field) => errors[field] !== undefined);
}
