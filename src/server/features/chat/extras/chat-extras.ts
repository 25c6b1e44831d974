import type { Database } from "../../../db/client.ts";
import type { Logger } from "../../../logger.ts";
import type { UploadStore } from "../../../providers/upload-store/upload-store.ts";
import { createSharesService } from "./shares.ts";
import { createRecommender } from "./suggestions.ts";
import { createUploadsService } from "./uploads.ts";

/** The chat's side services: uploads, sharing, and the rotation of recommended questions. */
export function createChatExtras(deps: { db: Database; store: UploadStore; logger: Logger }) {
  return {
    uploads: createUploadsService(deps),
    shares: createSharesService({ db: deps.db }),
    recommender: createRecommender(),
  };
}

export type ChatExtras = ReturnType<typeof createChatExtras>;
