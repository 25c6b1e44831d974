// What `npm test` says about the services it runs against, and how TEST_SERVICES is read.

export interface ServiceChoice {
  /** a server that was already there, or one this run started and removes */
  kind: "server" | "embedded";
  url: string;
  /** PostgreSQL's server version */
  version?: string;
}

/** `embedded` forces throwaway services; anything else (or unset) uses servers that answer. */
export function servicesMode(value: string | undefined): "embedded" | "auto" {
  const mode = (value ?? "").trim().toLowerCase();
  if (mode === "" || mode === "auto") return "auto";
  if (mode === "embedded") return "embedded";
  throw new Error(`TEST_SERVICES must be "embedded" or "auto", not "${value}"`);
}

/** e.g. `test services: embedded PostgreSQL 17.6 on :54123, redis-server on :63001` */
export function describeServices(postgres: ServiceChoice, redis: ServiceChoice): string {
  const pgUrl = new URL(postgres.url);
  const version = postgres.version ? ` ${postgres.version.split(".")[0]}` : "";
  const pgText =
    postgres.kind === "embedded"
      ? `embedded PostgreSQL${version} on :${pgUrl.port}`
      : `PostgreSQL${version} on ${pgUrl.hostname}:${pgUrl.port || "5432"} (database ${pgUrl.pathname.slice(1) || "postgres"})`;
  const redisUrl = new URL(redis.url);
  const redisText =
    redis.kind === "embedded"
      ? `redis-server on :${redisUrl.port}`
      : `Redis on ${redisUrl.hostname}:${redisUrl.port || "6379"}`;
  return `test services: ${pgText}, ${redisText}`;
}
