import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, isNotNull, notExists, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { apiNodes, chatMessages } from "../../db/schema.ts";
import type { Clock } from "../../providers/clock.ts";

/** A node's lease lasts this long; it is renewed every `NODE_HEARTBEAT_MS`, so two renewals may fail in a row. */
export const NODE_LEASE_MS = 30_000;
export const NODE_HEARTBEAT_MS = 10_000;

export interface AnswerNodesOptions {
  /** this machine's name and this process's id; tests give others */
  host?: string;
  pid?: number;
  /** whether a process of this machine still runs (signal 0); tests give their own */
  isAlive?: (pid: number) => boolean;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The API nodes sharing the database, so that an answer left streaming by a process that died (a crash,
 * `kill -9`) is told from one another live node is writing. Each node registers itself with a lease and renews
 * it; every node closes, at start-up and at each renewal, the streaming answers of nodes that are gone:
 * - a node whose lease ran out, or whose row is missing;
 * - a node of this machine whose process no longer runs (a restart after `kill -9` closes its answers at once).
 * Closed answers keep what was written and get the status `interrupted`.
 */
export function createAnswerNodes(db: Database, clock: Clock, options: AnswerNodesOptions = {}) {
  const host = options.host ?? hostname();
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? processAlive;
  const id = `${host}:${pid}:${randomBytes(6).toString("hex")}`;
  const leaseFrom = (now: Date) => new Date(now.getTime() + NODE_LEASE_MS);

  return {
    /** this node's id, written on each answer it streams */
    id,

    /** Takes (or renews) this node's lease; a row another node removed while this one stalled comes back. */
    async renew(): Promise<void> {
      const now = clock.now();
      await db
        .insert(apiNodes)
        .values({ id, host, pid, startedAt: now, leaseUntil: leaseFrom(now) })
        .onConflictDoUpdate({ target: apiNodes.id, set: { leaseUntil: leaseFrom(now) } });
    },

    /** Marks interrupted the answers of nodes that are gone, then forgets those nodes; answers how many. */
    async closeInterrupted(): Promise<number> {
      const now = clock.now();
      const nodes = await db.select().from(apiNodes);
      const gone = nodes
        .filter(
          (node) =>
            node.id !== id &&
            (node.leaseUntil <= now || (node.host === host && node.pid !== pid && !isAlive(node.pid))),
        )
        .map((node) => node.id);
      const unregistered = notExists(
        db.select({ id: apiNodes.id }).from(apiNodes).where(eq(apiNodes.id, chatMessages.node)),
      );
      const closed = await db
        .update(chatMessages)
        .set({ status: "interrupted" })
        .where(
          and(
            eq(chatMessages.status, "streaming"),
            isNotNull(chatMessages.node),
            or(gone.length > 0 ? inArray(chatMessages.node, gone) : undefined, unregistered),
          ),
        )
        .returning({ code: chatMessages.code });
      if (gone.length > 0) await db.delete(apiNodes).where(inArray(apiNodes.id, gone));
      return closed.length;
    },

    /** A node that stops cleanly (its answers already ended) gives its lease up. */
    async release(): Promise<void> {
      await db.delete(apiNodes).where(eq(apiNodes.id, id));
    },
  };
}

export type AnswerNodes = ReturnType<typeof createAnswerNodes>;
