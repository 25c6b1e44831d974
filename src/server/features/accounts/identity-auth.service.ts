// SKELETON (helper B replaces): Telegram, wallet (SIWE) and Google sign-in, and wallet-to-email linking.
import type { z } from "zod";
import type {
  LoginData,
  socialLoginBodySchema,
  userLoginOtherBodySchema,
  WalletNonceData,
  walletLoginBodySchema,
} from "../../../contract/auth.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { SessionsService, SessionUser } from "./sessions.service.ts";
import type { UsersRepository } from "./users.repository.ts";

export interface IdentityAuthDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, "telegram" | "google" | "publicUrl">;
  users: UsersRepository;
  sessions: SessionsService;
}

export function createIdentityAuthService(_deps: IdentityAuthDeps) {
  const pending = async (): Promise<never> => {
    throw new Error("pending");
  };
  return {
    telegramLogin: (_initData: string): Promise<LoginData> => pending(),
    walletNonce: (): Promise<WalletNonceData> => pending(),
    /** `host` is the host the message must name (PUBLIC_URL's, else the request's) */
    walletLogin: (_body: z.output<typeof walletLoginBodySchema>, _host: string): Promise<LoginData> => pending(),
    linkWalletToEmail: (_body: z.output<typeof userLoginOtherBodySchema>, _session: SessionUser): Promise<LoginData> =>
      pending(),
    googleLogin: (_body: z.output<typeof socialLoginBodySchema>): Promise<LoginData> => pending(),
  };
}

export type IdentityAuthService = ReturnType<typeof createIdentityAuthService>;
