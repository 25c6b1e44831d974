import pg from "pg";

/** Reads what the e2e server stored, from the schema it was given. */
export async function queryE2e<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const schema = process.env.E2E_DB_SCHEMA;
  if (!schema) throw new Error("E2E_DB_SCHEMA is not set: run through playwright.config.ts");
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
