import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const config = loadConfig();
  const running = await startServer(config);
  running.logger.info(`MountainLion is on ${running.url}`);
  const stop = (signal: string) => {
    running.logger.info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        running.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
