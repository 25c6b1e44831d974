import { sql } from "drizzle-orm";
import { CHAT_UPLOAD_PATH_PREFIX } from "../../../../contract/chat.ts";
import type { Database } from "../../../db/client.ts";
import { chatMessages, chatShares, chatUploads } from "../../../db/schema.ts";
import type { Logger } from "../../../logger.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { UploadStore } from "../../../providers/upload-store/upload-store.ts";
import { UploadStorage } from "./upload-quota.ts";

/** The id in an image attachment's url (`/v2/api/chat/upload/<id>`, with or without an origin before it). */
const IMAGE_ID_IN_URL = `${CHAT_UPLOAD_PATH_PREFIX}([A-Za-z0-9_-]+)`;

export interface UploadSweeperDeps {
  db: Database;
  store: UploadStore;
  clock: Clock;
  logger: Logger;
  /** uploads no kept message or share names are removed once this old */
  ttlMs?: number;
  intervalMs?: number;
}

/**
 * Removes uploads that no kept message and no share names (a file uploaded but never sent, or whose chat was
 * deleted) once they are a day old, with their stored bytes. It runs on every API node: one DELETE ... RETURNING
 * decides which rows go, so two nodes sweeping at once never both take a row, and each removes the bytes of the
 * rows it took.
 */
export function createUploadSweeper(deps: UploadSweeperDeps) {
  const { db, store, clock, logger } = deps;
  const ttlMs = deps.ttlMs ?? UploadStorage.unattachedTtlMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweepOnce(): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - ttlMs);
    const referenced = sql`
      select a.v ->> 'fileId' as id
        from ${chatMessages} m cross join lateral jsonb_array_elements(m.attachments) as a(v)
        where a.v ->> 'type' = 'pdf'
      union all
      select substring(a.v ->> 'url' from ${IMAGE_ID_IN_URL})
        from ${chatMessages} m cross join lateral jsonb_array_elements(m.attachments) as a(v)
        where a.v ->> 'type' = 'image'
      union all
      select coalesce(s.v ->> 'fileId', substring(s.v ->> 'url' from ${IMAGE_ID_IN_URL}))
        from ${chatShares} c cross join lateral jsonb_path_query(c.messages, '$[*].attachments[*]') as s(v)`;
    const removed = await db
      .delete(chatUploads)
      .where(
        sql`${chatUploads.createdAt} < ${cutoff} and ${chatUploads.id} not in (select r.id from (${referenced}) r where r.id is not null)`,
      )
      .returning({ storageKey: chatUploads.storageKey });
    for (const { storageKey } of removed) {
      await store.delete(storageKey).catch((error: unknown) => {
        logger.warn({ err: error, key: storageKey }, "removing an unattached upload's bytes failed");
      });
    }
    if (removed.length > 0) logger.info({ removed: removed.length }, "unattached uploads removed");
    return removed.length;
  }

  /** Removes the uploads due now; answers how many. Sweeps asked for while one runs share it. */
  function sweep(): Promise<number> {
    running ??= sweepOnce().finally(() => {
      running = undefined;
    });
    return running;
  }

  function tick(): void {
    sweep().catch((error: unknown) => logger.warn({ err: error }, "upload sweep failed"));
  }

  return {
    sweep,
    /** Sweeps now and then every interval, until stop. */
    start(): void {
      tick();
      timer = setInterval(tick, deps.intervalMs ?? UploadStorage.sweepIntervalMs);
      timer.unref();
    },
    /** Stops the schedule and waits for a sweep in progress. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type UploadSweeper = ReturnType<typeof createUploadSweeper>;
