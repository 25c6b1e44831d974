import pino from "pino";
import { describe, expect, it } from "vitest";
import { walletWelcomeText } from "../../../contract/auth.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { manualClock } from "../../providers/clock.ts";
import {
  createIdentityAuthService,
  shortAddress,
  telegramUsername,
  WALLET_STATEMENT_PREFIX,
} from "./identity-auth.service.ts";
import type { SessionsService } from "./sessions.service.ts";
import type { UsersRepository } from "./users.repository.ts";

const untouched = new Proxy(
  {},
  {
    get() {
      throw new Error("not expected to be used");
    },
  },
);

function serviceWithout() {
  return createIdentityAuthService({
    db: untouched as Database,
    clock: manualClock(),
    logger: pino({ level: "silent" }),
    config: {
      telegram: { botToken: undefined, botId: undefined, testEnvironment: false, initDataMaxAgeSeconds: 86_400 },
      google: undefined,
      publicUrl: undefined,
      env: "test",
      host: "127.0.0.1",
      siwe: { chainIds: [1], rpcUrls: {} },
    },
    users: untouched as UsersRepository,
    sessions: untouched as SessionsService,
  });
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("identity sign-in that is not configured", () => {
  it("answers 1001 notConfigured for Telegram without a bot token or bot id", async () => {
    const error = await refusal(serviceWithout().telegramLogin("auth_date=1&hash=00"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1001, key: "notConfigured", message: "Telegram sign-in is not configured" });
  });

  it("answers 1001 notConfigured for Google without a client id", async () => {
    const error = await refusal(serviceWithout().googleLogin({ type: 2, access_token: "x", oauth: "google" }));
    expect(error).toMatchObject({ code: 1001, key: "notConfigured", message: "Google sign-in is not configured" });
  });
});

describe("names of new users", () => {
  it("takes a Telegram user's username, else the full name, else the id, within 20 characters", () => {
    expect(telegramUsername({ id: 1, username: "satoshi", first_name: "S" })).toBe("satoshi");
    expect(telegramUsername({ id: 1, first_name: "Hal", last_name: "Finney" })).toBe("Hal Finney");
    expect(telegramUsername({ id: 1, first_name: "Hal" })).toBe("Hal");
    expect(telegramUsername({ id: 42 })).toBe("tg42");
    expect(telegramUsername({ id: 1, first_name: "A".repeat(30) })).toHaveLength(20);
  });

  it("shortens a wallet address", () => {
    expect(shortAddress("0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266")).toBe("0xf39f...2266");
  });
});

it("takes the welcome text without its timestamp as the statement prefix", () => {
  expect(walletWelcomeText(1_700_000_000).startsWith(WALLET_STATEMENT_PREFIX)).toBe(true);
  expect(WALLET_STATEMENT_PREFIX.endsWith("Timestamp: ")).toBe(true);
});
