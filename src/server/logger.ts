import pino, { type Logger } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/** JSON logs; credentials never reach them. */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    base: undefined,
    redact: {
      paths: ["req.headers.authorization", "req.headers['x-api-key']", "*.password", "*.token", "*.apiKey"],
      censor: "[redacted]",
    },
  });
}
