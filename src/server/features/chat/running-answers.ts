import type { Logger } from "../../logger.ts";
import type { PubSub } from "../../providers/pubsub.ts";

/** Stop requests travel on this channel, so the node streaming an answer stops it wherever the stop came in. */
export const CHAT_STOP_CHANNEL = "chat:stop";

/** Why an answer's model call was aborted. */
export const AbortReason = {
  /** the user pressed stop */
  stopped: "stopped",
  /** the client went away */
  disconnected: "disconnected",
  /** the model sent nothing for too long */
  timeout: "timeout",
  /** the server is shutting down */
  shutdown: "shutdown",
} as const;
export type AbortReason = (typeof AbortReason)[keyof typeof AbortReason];

interface Run {
  owner: string;
  controller: AbortController;
  finished: Promise<void>;
}

export interface RunHandle {
  /** the run ended (its last write is done) */
  finish(): void;
}

/**
 * The answers this node is streaming, by chat, each with the AbortController of its model call. A stop aborts
 * the local run and is published so that whichever node holds the stream aborts it too.
 */
export function createRunningAnswers(pubsub: PubSub, logger: Logger) {
  const runs = new Map<string, Set<Run>>();
  let unsubscribe: (() => void) | undefined;
  let closed = false;

  const abortLocal = (msggroup: string, owner: string, reason: AbortReason): boolean => {
    let aborted = false;
    for (const run of runs.get(msggroup) ?? []) {
      if (run.owner !== owner || run.controller.signal.aborted) continue;
      run.controller.abort(reason);
      aborted = true;
    }
    return aborted;
  };

  return {
    async start(): Promise<void> {
      unsubscribe = await pubsub.subscribe(CHAT_STOP_CHANNEL, (message) => {
        try {
          const { msggroup, owner } = JSON.parse(message) as { msggroup?: unknown; owner?: unknown };
          if (typeof msggroup === "string" && typeof owner === "string") {
            abortLocal(msggroup, owner, AbortReason.stopped);
          }
        } catch (error) {
          logger.warn({ err: error }, "malformed chat stop message");
        }
      });
    },

    register(msggroup: string, owner: string, controller: AbortController): RunHandle {
      let finish: () => void = () => undefined;
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const run: Run = { owner, controller, finished };
      // an answer that begins while the node shuts down stops at once (its question and empty answer are kept)
      if (closed) controller.abort(AbortReason.shutdown);
      const set = runs.get(msggroup) ?? new Set<Run>();
      set.add(run);
      runs.set(msggroup, set);
      return {
        finish() {
          set.delete(run);
          if (set.size === 0 && runs.get(msggroup) === set) runs.delete(msggroup);
          finish();
        },
      };
    },

    /** Stops the owner's answers in the chat on every node; true when one was running on this node. */
    async stop(msggroup: string, owner: string): Promise<boolean> {
      const local = abortLocal(msggroup, owner, AbortReason.stopped);
      // the local abort is done; other nodes hear of it when the channel carries it (it degrades, never throws)
      await pubsub
        .publish(CHAT_STOP_CHANNEL, JSON.stringify({ msggroup, owner }))
        .catch((error) => logger.warn({ err: error }, "chat stop not published"));
      return local;
    },

    get size(): number {
      let n = 0;
      for (const set of runs.values()) n += set.size;
      return n;
    },

    /** Aborts every run (their partial answers are stored) and waits for their last writes. */
    async close(): Promise<void> {
      closed = true;
      unsubscribe?.();
      const all = [...runs.values()].flatMap((set) => [...set]);
      for (const run of all) run.controller.abort(AbortReason.shutdown);
      await Promise.all(all.map((run) => run.finished));
    },
  };
}

export type RunningAnswers = ReturnType<typeof createRunningAnswers>;
