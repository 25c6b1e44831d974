import type { z } from "zod";
import { Limits } from "./constants.ts";
import { addFeedbackBodySchema, addFeedbackDataSchema } from "./feedback.ts";
import { modelListDataSchema } from "./models.ts";

export interface RouteContract {
  method: "get" | "post";
  /** path under /v2/api */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** largest body the route reads, in bytes (POST routes) */
  maxBodyBytes?: number;
  query?: z.ZodType;
  data: z.ZodType;
  /** error codes this route may answer besides 1001 and 4003 */
  errors?: readonly number[];
}

/** The routes built so far; the server mounts them and publishes them as OpenAPI. */
export const routes = {
  addFeedback: {
    method: "post",
    path: "/addFeedback",
    summary: "Send feedback (seriousness, type, bug location, content, contact, optional screenshot)",
    tag: "feedback",
    body: addFeedbackBodySchema,
    // a screenshot travels as base64 (4/3 of its bytes) beside a few short fields
    maxBodyBytes: Math.ceil((Limits.feedbackScreenshotMaxBytes * 4) / 3) + 16 * 1024,
    data: addFeedbackDataSchema,
  },
  modelList: {
    method: "get",
    path: "/llm/model/list",
    summary: "The model catalogue with each model's availability on this deployment",
    tag: "chat",
    data: modelListDataSchema,
  },
} as const satisfies Record<string, RouteContract>;
