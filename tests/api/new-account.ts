import { randomUUID } from "node:crypto";
import { createSessionsService } from "../../src/server/features/accounts/sessions.service.ts";
import { createUsersRepository } from "../../src/server/features/accounts/users.repository.ts";
import type { Clock } from "../../src/server/providers/clock.ts";
import type { TestServer } from "./harness.ts";

/**
 * A new email account on the test server's database, signed in: its authorization header. New accounts start on
 * the 7-day trial, so the features a standard account unlocks are open to it.
 */
export async function newAccountHeaders(srv: TestServer, clock: Clock): Promise<{ authorization: string }> {
  const db = srv.server.database.db;
  const name = `acct${randomUUID().slice(0, 8)}`;
  const user = await createUsersRepository(db, clock).create({ email: `${name}@example.com`, username: name });
  if (!user) throw new Error("account not created");
  const login = await createSessionsService(db, clock).signIn(user, "email");
  return { authorization: `Bearer ${login.user_token}` };
}
