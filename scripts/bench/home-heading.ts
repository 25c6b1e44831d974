// Time to the home heading for npm run bench: Debian's Chromium at phone size opens `/` cold (a new context each
// time: no cache, no storage) in a plain browser and inside Telegram (the SDK's mock environment, as the e2e tests
// run it, with init data signed for the bench server's bot token, so the silent Telegram sign-in succeeds).
import { type Browser, chromium } from "@playwright/test";
import { sign } from "@telegram-apps/init-data-node";
import { telegramMockInitScript } from "../../src/client/host/telegram-mock-script.ts";
import { CHROMIUM_LAUNCH } from "../../tests/support/chromium-launch.ts";

/** The bench server's bot token: the shape the server's config accepts; no real bot has it. */
export const BENCH_BOT_TOKEN = "987654321:AAB_bench_bot_token_0123456789abcdef";

const HEADING = "Ask AI about any token";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US" } as const;

export type HomeHost = "browser" | "telegram";

export interface HomeLoad {
  /** ms from the navigation's start to the frame that first shows the home heading */
  headingMs: number;
  /** inside Telegram: ms until the header shows the signed-in account (the silent sign-in ended) */
  signedInMs: number | undefined;
}

// Runs in the page before the app: notes the first animation frame in which the home heading is in the document,
// and the first in which the header holds the account button.
const probeScript = `(() => {
  const marks = (window.__homeMarks = {});
  const look = () => {
    if (marks.heading === undefined) {
      for (const h1 of document.querySelectorAll("h1")) {
        if (h1.textContent.replace(/\\s+/g, " ").trim() === ${JSON.stringify(HEADING)}) marks.heading = performance.now();
      }
    }
    if (marks.account === undefined && document.querySelector('header button[aria-label="Account"]')) {
      marks.account = performance.now();
    }
    if (marks.heading === undefined || marks.account === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();`;

async function loadOnce(browser: Browser, baseUrl: string, host: HomeHost, userId: number): Promise<HomeLoad> {
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl });
  try {
    const page = await context.newPage();
    if (host === "telegram") {
      const initData = sign(
        { query_id: "AAHbenchQuery", user: { id: userId, first_name: "Bench" } },
        BENCH_BOT_TOKEN,
        new Date(),
      );
      await page.addInitScript({ content: telegramMockInitScript({ platform: "ios", initData }) });
    }
    await page.addInitScript({ content: probeScript });
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: HEADING }).waitFor({ timeout: 30_000 });
    if (host === "telegram") {
      await page.getByRole("banner").getByRole("button", { name: "Account" }).waitFor({ timeout: 30_000 });
    }
    const marks = await page.evaluate(() => (window as unknown as { __homeMarks: Record<string, number> }).__homeMarks);
    const headingMs = marks.heading;
    if (headingMs === undefined) throw new Error("the probe did not see the home heading");
    return { headingMs, signedInMs: host === "telegram" ? marks.account : undefined };
  } finally {
    await context.close();
  }
}

export interface HomeHeadingFigures {
  browser: HomeLoad[];
  telegram: HomeLoad[];
}

/** `loads` cold loads in each host, alternating so drift on a shared machine weighs on both alike; one warm-up each. */
export async function timeToHomeHeading(baseUrl: string, loads: number): Promise<HomeHeadingFigures> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  // one Telegram user for the run: the warm-up creates the account, the measured loads sign in to it
  const userId = 800_000_000 + Math.floor(Math.random() * 1_000_000);
  try {
    await loadOnce(browser, baseUrl, "browser", userId);
    await loadOnce(browser, baseUrl, "telegram", userId);
    const figures: HomeHeadingFigures = { browser: [], telegram: [] };
    for (let i = 0; i < loads; i++) {
      figures.browser.push(await loadOnce(browser, baseUrl, "browser", userId));
      figures.telegram.push(await loadOnce(browser, baseUrl, "telegram", userId));
    }
    return figures;
  } finally {
    await browser.close();
  }
}
