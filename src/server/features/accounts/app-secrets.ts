import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appSecrets } from "../../db/schema.ts";

/**
 * A secret the server makes itself on first start and keeps in the database, so every API node signs and
 * checks with the same key and a restart keeps it.
 */
export async function loadAppSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
