// Prints the one closing line of `npm test`: how many tests passed and failed across vitest and Playwright.
import { readFile } from "node:fs/promises";

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const vitest = JSON.parse(await readFile(".test-reports/vitest.json", "utf8")) as VitestReport;
const e2e = JSON.parse(await readFile(".test-reports/e2e.json", "utf8")) as PlaywrightReport;
const passed = vitest.numPassedTests + e2e.stats.expected + e2e.stats.flaky;
const failed = vitest.numFailedTests + e2e.stats.unexpected;
const skipped = vitest.numPendingTests + e2e.stats.skipped;
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
