import { verify as verifyPassword } from "@node-rs/argon2";
import { and, eq, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import {
  type LoginData,
  type socialLoginBodySchema,
  type userLoginOtherBodySchema,
  type WalletNonceData,
  type walletLoginBodySchema,
  walletWelcomeText,
} from "../../../contract/auth.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { users as usersTable } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import { createEvmNodes } from "../../providers/evm-rpc.ts";
import {
  createGoogleTokenInfo,
  type GoogleIdentity,
  GoogleTokenRejected,
  type GoogleTokenVerifier,
  GoogleUnavailable,
} from "../../providers/google-tokeninfo.ts";
import type { SanctionsCheck } from "../compliance/sanctions.ts";
import { refuseSanctioned } from "../compliance/sanctions-error.ts";
import type { AccountHooks } from "./account-hooks.ts";
import type { SessionsService, SessionUser } from "./sessions.service.ts";
import {
  type InitDataResult,
  type TelegramInitUser,
  validateInitDataThirdParty,
  validateInitDataWithToken,
} from "./telegram-init-data.ts";
import type { UserRow, UsersRepository } from "./users.repository.ts";
import { createWalletNonceStore } from "./wallet-nonces.ts";
import { createWalletSites, type RequestConnection } from "./wallet-sites.ts";
import { type ContractSignatureCheck, type SiweFailure, verifySiweMessage } from "./wallet-siwe.ts";

export interface IdentityAuthDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, "google" | "publicUrl" | "env" | "host" | "siwe"> & {
    telegram: Pick<Config["telegram"], "botToken" | "botId" | "testEnvironment" | "initDataMaxAgeSeconds">;
  };
  users: UsersRepository;
  sessions: SessionsService;
  /** replaces the tokeninfo adapter built from config.google (tests) */
  google?: GoogleTokenVerifier;
  /** the invitation rewards: the inviter a new account names, and the reward once it exists */
  accountHooks?: AccountHooks;
  /** the OFAC sanctions list: a wallet on it does not sign in (3001 sanctionedAddress) */
  sanctions?: SanctionsCheck;
}

/** The statement of a wallet's message begins with the welcome text; the Unix-seconds timestamp follows. */
export const WALLET_STATEMENT_PREFIX = walletWelcomeText(0).slice(0, -1);
/** How far a message's Issued At may run ahead of the server's clock (wallet clocks drift). */
export const SIWE_ISSUED_AT_SKEW_MS = 5 * 60_000;
/** The spec's username limit (§5). */
const USERNAME_MAX = 20;

function loginFailed(message: string): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "loginFailed", 401, [], message);
}

/** The sign-in method is off on this deployment (no bot token or bot id; no Google client id). */
function notConfigured(message: string): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "notConfigured", 503, [], message);
}

export function telegramUsername(user: TelegramInitUser): string {
  const name = user.username ?? [user.first_name, user.last_name].filter(Boolean).join(" ");
  return (name || `tg${user.id}`).slice(0, USERNAME_MAX);
}

/** `0x1234...abcd`: the spec shows addresses by their first and last characters (§5). */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** Finds the user of an identity, creating one when there is none; a concurrent first sign-in finds the winner's. */
async function findOrCreate(
  find: () => Promise<UserRow | undefined>,
  create: () => Promise<UserRow | undefined>,
): Promise<UserRow> {
  const found = (await find()) ?? (await create()) ?? (await find());
  if (!found) throw new Error("the user of an identity was neither found nor created");
  return found;
}

/** What a refused Sign-In with Ethereum answers: the field at fault, and the key the user is shown. */
function walletRefusal(reason: SiweFailure, detail: string): ApiError {
  const message = `wallet sign-in failed: ${detail}`;
  if (reason === "chainId") {
    return new ApiError(
      ErrorCode.RequestFailed,
      "noUseNetwork",
      400,
      [{ field: "message", key: "noUseNetwork" }],
      message,
    );
  }
  if (reason === "nodeUnavailable") return new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], message);
  const field = reason === "signature" ? "signature" : reason === "address" ? "wallet_address" : "message";
  return new ApiError(ErrorCode.RequestFailed, "loginFailed", 401, [{ field, key: "loginFailed" }], message);
}

export function createIdentityAuthService(deps: IdentityAuthDeps) {
  const { db, clock, logger, config, users, sessions } = deps;
  const nonces = createWalletNonceStore(db, clock);
  const sites = createWalletSites({ env: config.env, listenHost: config.host, publicUrl: config.publicUrl });
  const chainIds: ReadonlySet<number> = new Set(config.siwe.chainIds);
  const evmNodes = createEvmNodes(config.siwe.rpcUrls);
  const contractSignature = (chainId: number): ContractSignatureCheck | undefined => {
    const node = evmNodes(chainId);
    return node && ((check) => node.verifyMessage(check));
  };
  const google = deps.google ?? (config.google ? createGoogleTokenInfo({ ...config.google, clock }) : undefined);

  async function checkInitData(initData: string): Promise<InitDataResult> {
    const telegram = config.telegram;
    const time = { now: clock.now(), maxAgeSeconds: telegram.initDataMaxAgeSeconds };
    if (telegram.botToken) return validateInitDataWithToken(initData, telegram.botToken, time);
    if (telegram.botId !== undefined) {
      const environment = telegram.testEnvironment ? "test" : "production";
      return validateInitDataThirdParty(initData, telegram.botId, environment, time);
    }
    throw notConfigured("Telegram sign-in is not configured");
  }

  async function googleUser(identity: GoogleIdentity, attempt = 0): Promise<UserRow> {
    const bySub = await users.findByGoogleSub(identity.sub);
    if (bySub) return bySub;
    const byEmail = await users.findByEmail(identity.email);
    if (byEmail) {
      // Google vouches for the address: the email account gets this Google id, unless it holds another one.
      if (byEmail.googleSub) throw loginFailed("Google sign-in failed: the email's account has another Google id");
      const [linked] = await db
        .update(usersTable)
        .set({ googleSub: identity.sub })
        .where(and(eq(usersTable.id, byEmail.id), isNull(usersTable.googleSub)))
        .returning()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return [] as UserRow[];
          throw error;
        });
      if (linked) return linked;
    } else {
      const created = await users.create({
        googleSub: identity.sub,
        email: identity.email,
        username: (identity.email.split("@")[0] ?? "google").slice(0, USERNAME_MAX),
      });
      if (created) return created;
    }
    // a concurrent sign-in of the same person got there first: look again, once
    if (attempt > 0) throw new Error("the Google user was neither found nor created");
    return googleUser(identity, attempt + 1);
  }

  return {
    /** Sign-in with the mini app's raw init data. */
    async telegramLogin(initData: string): Promise<LoginData> {
      const result = await checkInitData(initData);
      if (!result.ok) {
        logger.info({ reason: result.reason }, "telegram sign-in refused");
        throw loginFailed(`Telegram sign-in failed: ${result.detail}`);
      }
      const tgUser = result.data.user;
      const telegramId = String(tgUser.id);
      const user = await findOrCreate(
        () => users.findByTelegramId(telegramId),
        async () => {
          // the whole init data was verified above, its start parameter included
          const startParam = new URLSearchParams(initData).get("start_param") ?? undefined;
          const inviterCode = await deps.accountHooks?.telegramInviterCode(telegramId, startParam);
          const created = await users.create({ telegramId, username: telegramUsername(tgUser), inviterCode });
          if (created) await deps.accountHooks?.accountCreated(created);
          return created;
        },
      );
      return sessions.signIn(user, "telegram");
    },

    /**
     * A single-use nonce and the welcome text for the next Sign-In with Ethereum message, for a request to a site
     * this server serves (else 1001 unknownHost).
     */
    async walletNonce(connection: RequestConnection): Promise<WalletNonceData> {
      sites.requestSite(connection);
      const { nonce, issuedAt, expiresAt } = await nonces.issue();
      return {
        nonce,
        issuedAt: issuedAt.toISOString(),
        expirationTime: expiresAt.toISOString(),
        statement: walletWelcomeText(Math.floor(issuedAt.getTime() / 1000)),
      };
    },

    /**
     * The message must name a site this server serves to this connection (PUBLIC_URL, loopback: wallet-sites.ts),
     * with its URI on that site's origin and a chain sign-in is offered on; a contract wallet's signature is
     * checked by the chain's node when one is configured.
     */
    async walletLogin(body: z.output<typeof walletLoginBodySchema>, connection: RequestConnection): Promise<LoginData> {
      sites.requestSite(connection);
      // before the signature: the message must name this same address, and no nonce is spent on a refusal
      refuseSanctioned(deps.sanctions, body.wallet_address, "wallet_address", 403);
      const result = await verifySiweMessage(body.message, body.signature, {
        site: (domain) => sites.site(domain, connection),
        chainIds,
        contractSignature,
        address: body.wallet_address,
        statementPrefix: WALLET_STATEMENT_PREFIX,
        time: clock.now(),
        issuedAtSkewMs: SIWE_ISSUED_AT_SKEW_MS,
      });
      if (!result.ok) {
        if (result.reason === "nodeUnavailable") logger.warn({ detail: result.detail }, "evm node unavailable");
        else logger.info({ reason: result.reason }, "wallet sign-in refused");
        throw walletRefusal(result.reason, result.detail);
      }
      // Last, so a message that fails its checks does not spend the nonce of a signature still to come.
      if (!(await nonces.consume(result.message.nonce))) {
        logger.info({ reason: "nonce" }, "wallet sign-in refused");
        throw loginFailed("wallet sign-in failed: the nonce is unknown, used or expired");
      }
      const address = result.message.address.toLowerCase();
      const user = await findOrCreate(
        () => users.findByWallet(address),
        async () => {
          const inviterCode = body.inviter || undefined;
          const created = await users.create({ walletAddress: address, username: shortAddress(address), inviterCode });
          if (created) await deps.accountHooks?.accountCreated(created);
          return created;
        },
      );
      return sessions.signIn(user, "wallet");
    },

    /**
     * Moves the signed-in wallet onto an email account proven by its password, then signs in to that account.
     * The wallet-only user keeps its row (and anything it made) but no longer has a way to sign in.
     */
    async linkWalletToEmail(body: z.output<typeof userLoginOtherBodySchema>, session: SessionUser): Promise<LoginData> {
      refuseSanctioned(deps.sanctions, body.wallet_address, "wallet_address", 403);
      const address = body.wallet_address.toLowerCase();
      const walletUser = await users.findById(session.userId);
      if (!walletUser || walletUser.walletAddress !== address) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "invalidAddress",
          403,
          [{ field: "wallet_address", key: "invalidAddress" }],
          "the signed-in account is not this wallet's",
        );
      }
      const emailUser = await users.findByEmail(body.email);
      if (!emailUser)
        throw new ApiError(ErrorCode.AccountNotFound, "accountError", 404, [], "no account has this email");
      const passwordOk = emailUser.passwordHash
        ? await verifyPassword(emailUser.passwordHash, body.password).catch(() => false)
        : false;
      if (!passwordOk) throw new ApiError(ErrorCode.IncorrectLogin, "incorrectLogin", 401, [], "incorrect login");

      if (emailUser.id === walletUser.id) return sessions.signIn(emailUser, "email"); // linked already
      if (walletUser.email) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "invalidAddress",
          409,
          [],
          "the wallet belongs to another email account",
        );
      }
      if (emailUser.walletAddress && emailUser.walletAddress !== address) {
        throw new ApiError(ErrorCode.RequestFailed, "invalidAddress", 409, [], "the email account has another wallet");
      }
      const movedMeanwhile = () =>
        new ApiError(ErrorCode.RequestFailed, "invalidAddress", 409, [], "the wallet moved meanwhile; sign in again");
      // Both rows change together; the wallet leaves its user first, as the address is unique.
      const moved = await db.transaction(async (tx) => {
        const [cleared] = await tx
          .update(usersTable)
          .set({ walletAddress: null })
          .where(and(eq(usersTable.id, walletUser.id), eq(usersTable.walletAddress, address)))
          .returning({ id: usersTable.id });
        if (!cleared) throw movedMeanwhile();
        const [target] = await tx
          .update(usersTable)
          .set({ walletAddress: address })
          .where(
            and(
              eq(usersTable.id, emailUser.id),
              or(isNull(usersTable.walletAddress), eq(usersTable.walletAddress, address)),
            ),
          )
          .returning();
        if (!target) throw movedMeanwhile();
        return target;
      });
      logger.info({ from: walletUser.id, to: moved.id }, "wallet linked to an email account");
      // The wallet-only session signed in an account the wallet no longer opens; the new token replaces it.
      await sessions.revoke(session.sessionId);
      return sessions.signIn(moved, "email");
    },

    /** Sign-in with a Google access token, when Google sign-in is configured. */
    async googleLogin(body: z.output<typeof socialLoginBodySchema>): Promise<LoginData> {
      if (!google) throw notConfigured("Google sign-in is not configured");
      let identity: GoogleIdentity;
      try {
        identity = await google.verifyAccessToken(body.access_token);
      } catch (error) {
        if (error instanceof GoogleTokenRejected) {
          logger.info({ reason: error.reason }, "google sign-in refused");
          throw loginFailed(`Google sign-in failed: ${error.message}`);
        }
        if (error instanceof GoogleUnavailable) {
          logger.warn({ err: error }, "google tokeninfo unavailable");
          throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], "Google could not be reached; try again");
        }
        throw error;
      }
      return sessions.signIn(await googleUser(identity), "google");
    },
  };
}

export type IdentityAuthService = ReturnType<typeof createIdentityAuthService>;
