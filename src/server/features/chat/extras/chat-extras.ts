import type { Database } from "../../../db/client.ts";
import type { Logger } from "../../../logger.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { UploadStore } from "../../../providers/upload-store/upload-store.ts";
import { createSharesService } from "./shares.ts";
import { createRecommender } from "./suggestions.ts";
import { createUploadPool } from "./upload-pool.ts";
import { createUploadSweeper } from "./upload-sweeper.ts";
import { createUploadsService, UPLOAD_READ_TIMEOUT_MS } from "./uploads.ts";

/**
 * The chat's side services: uploads (read in worker threads, kept within a storage quota, unattached ones swept
 * away after a day), sharing, and the rotation of recommended questions.
 */
export function createChatExtras(deps: { db: Database; store: UploadStore; logger: Logger; clock: Clock }) {
  const pool = createUploadPool({ timeoutMs: UPLOAD_READ_TIMEOUT_MS });
  const sweeper = createUploadSweeper(deps);
  return {
    uploads: createUploadsService({ ...deps, pool }),
    shares: createSharesService({ db: deps.db }),
    recommender: createRecommender(),
    /** removes uploads no kept message names once a day old; runs by itself between start and close */
    sweeper,
    start(): void {
      sweeper.start();
    },
    async close(): Promise<void> {
      await sweeper.stop();
      await pool.close();
    },
  };
}

export type ChatExtras = ReturnType<typeof createChatExtras>;
