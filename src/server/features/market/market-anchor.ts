import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appSecrets } from "../../db/schema.ts";

/**
 * The wall instant at which the replay began, stored once in the database (app_secrets, the pattern of
 * accounts/app-secrets.ts, copied since features do not import each other) so every API node, and every
 * restart, reads the same market time. A new start or speed begins a new replay, hence the name holds both.
 */
export async function loadReplayAnchor(
  db: Database,
  replay: { start: string | undefined; speed: number },
  now: number,
): Promise<number> {
  const name = `market-replay-anchor:${replay.start ?? "default"}:${replay.speed}`;
  await db
    .insert(appSecrets)
    .values({ name, value: String(now) })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  const anchor = Number(row?.value);
  if (!Number.isFinite(anchor)) throw new Error(`the replay anchor ${name} could not be stored`);
  return anchor;
}
