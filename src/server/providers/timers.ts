/**
 * Timers behind a port, so tests fire them by hand instead of sleeping (the Clock port's sibling: the clock says what
 * time it is, timers say when to act). The system timers never keep the process alive on their own.
 */
export interface Timers {
  /** calls `task` every `ms` until the returned function is called */
  every(ms: number, task: () => void): () => void;
  /** calls `task` once after `ms`, unless the returned function is called first */
  after(ms: number, task: () => void): () => void;
}

export const systemTimers: Timers = {
  every(ms, task) {
    const timer = setInterval(task, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
  after(ms, task) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface ManualTimers extends Timers {
  /** moves the timers' time on by `ms`, running every task that falls due on the way, earliest first */
  advance(ms: number): void;
  /** the tasks still scheduled */
  readonly pending: number;
}

/** Timers tests move: nothing runs until advance() passes a task's time. */
export function manualTimers(): ManualTimers {
  interface Entry {
    at: number;
    every: number | undefined;
    task: () => void;
    seq: number;
  }
  let now = 0;
  let seq = 0;
  const entries = new Set<Entry>();
  const schedule = (ms: number, every: number | undefined, task: () => void) => {
    const entry: Entry = { at: now + Math.max(0, ms), every, task, seq: seq++ };
    entries.add(entry);
    return () => {
      entries.delete(entry);
    };
  };
  return {
    every: (ms, task) => schedule(ms, Math.max(1, ms), task),
    after: (ms, task) => schedule(ms, undefined, task),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        let next: Entry | undefined;
        for (const entry of entries) {
          if (entry.at <= until && (!next || entry.at < next.at || (entry.at === next.at && entry.seq < next.seq))) {
            next = entry;
          }
        }
        if (!next) break;
        now = next.at;
        if (next.every === undefined) entries.delete(next);
        else next.at += next.every;
        next.task();
      }
      now = until;
    },
    get pending() {
      return entries.size;
    },
  };
}
