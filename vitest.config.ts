import { defineConfig } from "vitest/config";
import { appPlugins } from "./vite.plugins.ts";

// One run, four projects: unit tests of the web app (happy-dom), unit tests of contract/server/scripts (node),
// and the API suite twice: on PGlite and on PostgreSQL (TEST_DATABASE_URL: what npm test chose, see
// scripts/test-services.ts). The limits are generous: on a loaded machine (a test of the API starts servers, and
// PGlite migrates each fresh directory) tests must slow down, not fail.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        plugins: appPlugins(),
        test: {
          name: "client",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["src/client/test-setup.ts"],
          // generous limits: a shared, loaded machine must slow tests down, not fail them
          testTimeout: 60_000,
          // expect.poll gives up after 1 s by default: too short on a loaded machine
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "unit",
          include: ["src/contract/**/*.test.ts", "src/server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          // expect.poll gives up after 1 s by default: too short on a loaded machine
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api-pglite",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          provide: { database: "pglite" },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "api-postgres",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          provide: { database: "postgres" },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
