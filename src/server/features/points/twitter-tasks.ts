import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Points } from "../../../contract/constants.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { TwitterTask, UserVerifiedTaskData, VerifyUserOperationData } from "../../../contract/points.ts";
import { ApiError } from "../../api-error.ts";
import type { Database } from "../../db/client.ts";
import { pointsLedger, twitterBindings, twitterOauthStates } from "../../db/schema.ts";
import { createSingleUseTokens } from "../../db/single-use-tokens.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import { type TwitterPort, TwitterRejected, TwitterUnavailable } from "../../providers/twitter/twitter.ts";
import { IdempotencyConflictError, type PointsLedger } from "./ledger.ts";

export const TWITTER_TASK_REASON = "twitterTask";
/** how long a sign-in to X may take, from twitterSignin to twitterBinding */
const SIGN_IN_MINUTES = 10;

const base64url = (bytes: Buffer) => bytes.toString("base64url");

const errors = {
  // nothing failed: the server is set up without X (as a model or a bot that is not set up answers), never a 5xx
  unavailable: () =>
    new ApiError(
      ErrorCode.RequestFailed,
      "notConfigured",
      400,
      [],
      "Twitter tasks are not available on this server: no X API keys are configured",
    ),
  alreadyBound: (message: string) => new ApiError(ErrorCode.TwitterAlreadyBound, "twitterBound", 409, [], message),
  notBound: () =>
    new ApiError(ErrorCode.RequestFailed, "twitterNotBound", 400, [], "bind an X account before its tasks"),
  staleSignIn: () =>
    new ApiError(
      ErrorCode.RequestFailed,
      "invalidValue",
      400,
      [{ field: "state", key: "invalidValue" }],
      "state: this sign-in to X is unknown, expired or already used; start again",
    ),
  unknownTask: () =>
    new ApiError(
      ErrorCode.RequestFailed,
      "invalidValue",
      400,
      [{ field: "task", key: "invalidValue" }],
      "task: this server offers no such Twitter task",
    ),
  refused: () => new ApiError(ErrorCode.RequestFailed, "loginFailed", 401, [], "X refused the sign-in"),
  xDown: () => new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], "X could not be reached; try again"),
};

/** X's failures in the words the client shows. */
async function fromX<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TwitterRejected) throw errors.refused();
    if (error instanceof TwitterUnavailable) throw errors.xDown();
    throw error;
  }
}

export interface TwitterTasksDeps {
  db: Database;
  clock: Clock;
  ledger: PointsLedger;
  logger: Logger;
  /** the X adapter; undefined without X API keys, and then every call answers notConfigured */
  twitter: TwitterPort | undefined;
}

/**
 * Twitter tasks (spec §7 twitterSignin, twitterBinding, twitterUnBinding, verifyUserOperation,
 * getUserVerifiedTask; §5 Twitter must be bound before tasks; §8 20010). A task's points are a ledger credit of
 * reason "twitterTask" keyed by the task and the X account, so one X account earns each task once, whichever app
 * account it is bound to; an app account earns each task once, whichever X account it binds.
 */
export function createTwitterTasks(deps: TwitterTasksDeps) {
  const { db, clock, ledger, logger } = deps;
  const states = createSingleUseTokens(db, clock, {
    table: twitterOauthStates,
    token: twitterOauthStates.state,
    expiresAt: twitterOauthStates.expiresAt,
    sweepEveryMs: 60_000,
  });

  const port = (): TwitterPort => {
    if (!deps.twitter) throw errors.unavailable();
    return deps.twitter;
  };
  const bindingOf = async (userId: number) => {
    const [row] = await db.select().from(twitterBindings).where(eq(twitterBindings.userId, userId)).limit(1);
    return row;
  };
  const verifiedTasks = async (userId: number): Promise<Set<string>> => {
    const rows = await db
      .select({ task: pointsLedger.reference })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, TWITTER_TASK_REASON)));
    return new Set(rows.map((row) => row.task));
  };

  return {
    /** Starts binding: a PKCE sign-in to X whose state names this user. */
    async signIn(userId: number): Promise<{ authorizeUrl: string }> {
      const twitter = port();
      if (await bindingOf(userId)) throw errors.alreadyBound("this account already has an X account bound");
      const state = base64url(randomBytes(24));
      const codeVerifier = base64url(randomBytes(48));
      const codeChallenge = base64url(createHash("sha256").update(codeVerifier).digest());
      const expiresAt = new Date(clock.now().getTime() + SIGN_IN_MINUTES * 60_000);
      await states.issue({ state, userId, codeVerifier, expiresAt });
      return { authorizeUrl: twitter.authorizeUrl({ state, codeChallenge }) };
    },

    /** Finishes binding with what X sent back; 20010 when either side is bound already. */
    async bind(userId: number, code: string, state: string): Promise<{ username: string }> {
      const twitter = port();
      const started = await states.consume(state);
      if (!started || started.userId !== userId) throw errors.staleSignIn();
      const account = await fromX(() => twitter.identify({ code, codeVerifier: started.codeVerifier }));
      try {
        const [bound] = await db
          .insert(twitterBindings)
          .values({ userId, xUserId: account.id, xUsername: account.username, boundAt: clock.now() })
          .onConflictDoNothing({ target: twitterBindings.userId })
          .returning();
        if (!bound) throw errors.alreadyBound("this account already has an X account bound");
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.alreadyBound("this X account is bound to another account");
        throw error;
      }
      logger.info({ userId }, "x account bound");
      return { username: account.username };
    },

    async unbind(userId: number): Promise<{ unbound: boolean }> {
      port();
      const removed = await db
        .delete(twitterBindings)
        .where(eq(twitterBindings.userId, userId))
        .returning({ userId: twitterBindings.userId });
      return { unbound: removed.length > 0 };
    },

    /** Asks X whether the task is done; its points are credited on the first check that finds it so. */
    async verify(userId: number, task: TwitterTask): Promise<VerifyUserOperationData> {
      const twitter = port();
      if (!twitter.tasks.includes(task)) throw errors.unknownTask();
      const binding = await bindingOf(userId);
      if (!binding) throw errors.notBound();
      if ((await verifiedTasks(userId)).has(task)) {
        return { task, verified: true, awarded: 0, points: await ledger.balance(userId) };
      }
      if (!(await fromX(() => twitter.isDone(task, binding.xUserId)))) {
        return { task, verified: false, awarded: 0, points: await ledger.balance(userId) };
      }
      try {
        const result = await ledger.apply({
          userId,
          amount: Points.twitterTaskRewards[task],
          reason: TWITTER_TASK_REASON,
          reference: task,
          idempotencyKey: `${TWITTER_TASK_REASON}:${task}:x${binding.xUserId}`,
        });
        return { task, verified: true, awarded: result.replayed ? 0 : result.entry.amount, points: result.balance };
      } catch (error) {
        // the X account earned this task on another app account
        if (error instanceof IdempotencyConflictError) {
          return { task, verified: true, awarded: 0, points: await ledger.balance(userId) };
        }
        throw error;
      }
    },

    async tasks(userId: number): Promise<UserVerifiedTaskData> {
      const twitter = port();
      const [binding, verified] = await Promise.all([bindingOf(userId), verifiedTasks(userId)]);
      return {
        username: binding?.xUsername ?? null,
        tasks: twitter.tasks.map((task) => ({
          task,
          points: Points.twitterTaskRewards[task],
          verified: verified.has(task),
          url: twitter.taskUrl(task),
        })),
      };
    },
  };
}

export type TwitterTasks = ReturnType<typeof createTwitterTasks>;
