import { Writable } from "node:stream";
import pino from "pino";
import type { Logger } from "../logger.ts";

/** For tests: a logger at level info that pushes each line it writes, parsed, onto `lines`. */
export function capturingLogger(lines: Record<string, unknown>[]): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return pino({ level: "info" }, sink);
}
