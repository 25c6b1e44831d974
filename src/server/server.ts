import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import packageJson from "../../package.json" with { type: "json" };
import type { Config } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { createFeedbackRepository } from "./features/feedback/feedback.repository.ts";
import { createFeedbackService } from "./features/feedback/feedback.service.ts";
import { createModelCatalogueService } from "./features/models/model-catalogue.service.ts";
import { createHttpApp, type HttpApp } from "./http/app.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createRateLimiter } from "./providers/rate-limiter.ts";
import { createRedis } from "./providers/redis.ts";

export interface RunningServer {
  url: string;
  database: DatabaseHandle;
  port: number;
  app: HttpApp;
  logger: Logger;
  /** stops taking connections, lets requests in flight finish, then closes the database and Redis */
  close(): Promise<void>;
}

/** How many requests an address may send for each one a device may: devices share addresses behind NAT. */
const ADDRESS_LIMIT_FACTOR = 5;

/** The composition root: config -> database -> providers -> services -> HTTP -> listen. */
export async function startServer(config: Config, logger: Logger = createLogger(config)): Promise<RunningServer> {
  const database = await openDatabase(config.database);
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  redis?.on("error", (error) => logger.warn({ err: error }, "redis error"));

  const window = config.rateLimit.windowSeconds;
  const limiters = {
    byDevice: createRateLimiter(
      { points: config.rateLimit.points, windowSeconds: window, prefix: `${config.redisKeyPrefix}rl:dev` },
      redis,
    ),
    byAddress: createRateLimiter(
      {
        points: config.rateLimit.points * ADDRESS_LIMIT_FACTOR,
        windowSeconds: window,
        prefix: `${config.redisKeyPrefix}rl:ip`,
      },
      redis,
    ),
  };
  const services = {
    feedback: createFeedbackService(createFeedbackRepository(database.db)),
    models: createModelCatalogueService(config.llm),
  };
  const app = createHttpApp({
    config,
    logger,
    version: packageJson.version,
    limiters,
    ping: database.ping,
    services,
  });

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const created = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(created));
    created.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  logger.info({ port, database: database.kind, redis: Boolean(redis) }, "listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      if ("closeIdleConnections" in server) server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => {
        setTimeout(() => {
          if ("closeAllConnections" in server) server.closeAllConnections();
          resolve();
        }, config.shutdownTimeoutMs).unref();
      });
      await Promise.race([stopped, timeout]);
      await database.close();
      await redis?.quit().catch(() => undefined);
      logger.info("stopped");
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, database, port, app, logger, close };
}
