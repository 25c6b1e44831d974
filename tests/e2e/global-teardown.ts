import { rm } from "node:fs/promises";
import pg from "pg";

export default async function globalTeardown() {
  const schema = process.env.E2E_DB_SCHEMA;
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
  }
  if (process.env.E2E_DATA_DIR) await rm(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
