import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import {
  E2E_CHAIN_ID,
  E2E_DEPOSIT_ADDRESS,
  E2E_TTK,
  E2E_TUSD,
  E2E_USDT,
  E2E_V2_NAME,
  E2E_V2_ROUTER,
  E2E_WETH,
} from "./tests/e2e/e2e-chain.ts";
import { E2E_BOT_TOKEN } from "./tests/e2e/e2e-env.ts";
import { CHROMIUM_LAUNCH } from "./tests/support/chromium-launch.ts";

// End-to-end tests drive Debian's Chromium against the production build served by the real server.
// The server stores into a fresh schema of the run's PostgreSQL server (TEST_DATABASE_URL: what npm test chose,
// see scripts/test-services.ts; else the local one) so tests can see the rows they cause.
const PORT = Number(process.env.E2E_PORT ?? 18090);
// the Bot API stand-in the e2e server's bot talks to (tests/e2e/bot-api-stand-in-server.ts)
const BOT_API_PORT = Number(process.env.E2E_BOT_API_PORT ?? PORT + 500);
process.env.E2E_BOT_API_PORT = String(BOT_API_PORT);
// the loopback OpenAI-compatible model (tests/e2e/model-loopback-server.ts) the server knows as Perplexity Sonar
const MODEL_PORT = Number(process.env.E2E_MODEL_PORT ?? PORT + 600);
process.env.E2E_MODEL_PORT = String(MODEL_PORT);
// the local EVM chain (tests/e2e/chain-server.ts) the server takes USDT deposits on; its readiness on the next port
const CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? PORT + 700);
process.env.E2E_CHAIN_PORT = String(CHAIN_PORT);
process.env.E2E_DB_SCHEMA ??= `e2e_${Date.now()}`;
process.env.E2E_DATABASE_URL ??= process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "ml-e2e-"));

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  // generous limits: on a loaded machine a test must slow down, not fail; waits are on conditions, never on time
  // (a CI machine running two suites at once took three times as long as a quiet one: a minute was not enough)
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 2,
  // no retries: a test that passes only on its second try is a failure to fix, not to hide
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    {
      name: "phone",
      testIgnore: /-desktop\.spec\.ts$/,
      use: { browserName: "chromium", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: "desktop",
      testIgnore: /-phone\.spec\.ts$/,
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: "node --import tsx tests/e2e/bot-api-stand-in-server.ts",
      url: `http://127.0.0.1:${BOT_API_PORT}/__calls`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_BOT_API_PORT: String(BOT_API_PORT) },
    },
    {
      command: "node --import tsx tests/e2e/model-loopback-server.ts",
      url: `http://127.0.0.1:${MODEL_PORT}/__ready`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_MODEL_PORT: String(MODEL_PORT) },
    },
    {
      command: "node --import tsx tests/e2e/chain-server.ts",
      url: `http://127.0.0.1:${CHAIN_PORT + 1}/__ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_CHAIN_PORT: String(CHAIN_PORT) },
    },
    {
      command: "node --import tsx src/server/main.ts",
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(PORT),
        LOG_LEVEL: "warn",
        DATA_DIR: process.env.E2E_DATA_DIR,
        // E2E_STATIC_DIR: a build of the web app elsewhere than dist/ (e.g. to test one build while another is made)
        ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        DATABASE_SCHEMA: process.env.E2E_DB_SCHEMA,
        RATE_LIMIT_POINTS: "10000",
        // Sign-in routes have their own, stricter limit per device; the tests sign in and up many times.
        AUTH_RATE_LIMIT_POINTS: "10000",
        // every visitor of the suite chats from 127.0.0.1; the per-address quota has its own API test
        VISITORS_PER_ADDRESS: "10000",
        // the shipped market and news (its replay date is what the tests read), never the network
        MARKET_PROVIDER: "replay",
        NEWS_PROVIDER: "archive",
        // Telegram sign-in checks init data with this token (tests sign theirs with it); the bot polls the stand-in,
        // which prepares the cards the app shares into Telegram
        BOT_TOKEN: E2E_BOT_TOKEN,
        BOT_MODE: "polling",
        TELEGRAM_API_ROOT: `http://127.0.0.1:${BOT_API_PORT}`,
        // one catalogue model answers from the loopback model, for answers a test must shape or hold open
        LLM_PERPLEXITY_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
        LLM_PERPLEXITY_API_KEY: "e2e",
        // USDT deposits on the local chain: one confirmation (anvil mines a block per transaction)
        PAY_CHAINS: "ETH",
        PAY_ETH_RPC_URL: `http://127.0.0.1:${CHAIN_PORT}`,
        PAY_ETH_CHAIN_ID: String(E2E_CHAIN_ID),
        PAY_ETH_USDT: E2E_USDT,
        PAY_ETH_DEPOSIT_ADDRESS: E2E_DEPOSIT_ADDRESS,
        PAY_ETH_CONFIRMATIONS: "1",
        // swaps quote only the local chain's Uniswap v2 router (no aggregator: nothing leaves the machine)
        SWAP_SOURCES: "uniswapv2",
        SWAP_V2_CHAIN_ID: String(E2E_CHAIN_ID),
        SWAP_V2_ROUTER: E2E_V2_ROUTER,
        SWAP_V2_TOKENS: [E2E_TUSD, E2E_TTK, E2E_WETH].join(","),
        SWAP_V2_RPC_URL: `http://127.0.0.1:${CHAIN_PORT}`,
        SWAP_V2_NAME: E2E_V2_NAME,
        // the AI wallet on the local chain (a test master key; nothing real is ever sealed under it)
        AI_WALLET_MASTER_KEY: "e2e0000000000000000000000000000000000000000000000000000000000001",
        AI_WALLET_CHAIN_IDS: String(E2E_CHAIN_ID),
      },
    },
  ],
});
