import type { z } from "zod";
import type { LoginData, TonProofPayloadData, tonLoginBodySchema } from "../../../contract/auth.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import { ApiError } from "../../api-error.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { SessionsService } from "./sessions.service.ts";
import { type TonProofFailure, verifyTonProof } from "./ton-proof.ts";
import { createTonProofPayloadStore } from "./ton-proof-payloads.ts";
import type { UserRow, UsersRepository } from "./users.repository.ts";
import { createWalletSites, type RequestConnection } from "./wallet-sites.ts";

/** TON Connect: a ton_proof is good for 15 minutes after the wallet signed it. */
export const TON_PROOF_MAX_AGE_SECONDS = 15 * 60;
/** How far a proof's timestamp may run ahead of the server's clock (wallet clocks drift). */
export const TON_PROOF_FUTURE_SKEW_SECONDS = 5 * 60;

export interface TonAuthDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  config: Pick<Config, "tonConnect" | "publicUrl" | "env" | "host">;
  users: UsersRepository;
  sessions: SessionsService;
}

/** `0:abcd...ef12`: the spec shows addresses by their first and last characters (§5). */
export function shortTonAddress(rawAddress: string): string {
  return `${rawAddress.slice(0, 6)}...${rawAddress.slice(-4)}`;
}

/** The body field each refusal of a proof is about. */
const FIELD_OF: Record<TonProofFailure, string> = {
  malformed: "proof",
  domain: "proof.domain",
  timestamp: "proof.timestamp",
  stateInit: "proof.state_init",
  address: "address",
  publicKey: "public_key",
  signature: "proof.signature",
};

function loginFailed(message: string, field = "proof.payload"): ApiError {
  return new ApiError(ErrorCode.RequestFailed, "loginFailed", 401, [{ field, key: "loginFailed" }], message);
}

/** Sign-in with a TON wallet through TON Connect's ton_proof. */
export function createTonAuthService(deps: TonAuthDeps) {
  const { clock, logger, users, sessions } = deps;
  const payloads = createTonProofPayloadStore(deps.db, clock);
  const sites = createWalletSites({
    env: deps.config.env,
    listenHost: deps.config.host,
    publicUrl: deps.config.publicUrl,
  });
  const proofDomain = deps.config.tonConnect.proofDomain?.toLowerCase();
  /** TON_PROOF_DOMAIN (else the manifest's or PUBLIC_URL's host), and loopback hosts where wallet-sites.ts allows */
  const acceptsDomain = (domain: string, connection: RequestConnection) =>
    domain.toLowerCase() === proofDomain || sites.loopbackSite(domain, connection) !== undefined;

  async function findOrCreate(address: string): Promise<UserRow> {
    const found =
      (await users.findByTonAddress(address)) ??
      (await users.create({ tonAddress: address, username: shortTonAddress(address) })) ??
      // a concurrent first sign-in of the same wallet created it
      (await users.findByTonAddress(address));
    if (!found) throw new Error("the user of a TON wallet was neither found nor created");
    return found;
  }

  return {
    /** A single-use payload for a request to a site this server serves (else 1001 unknownHost). */
    async proofPayload(connection: RequestConnection): Promise<TonProofPayloadData> {
      sites.requestSite(connection);
      const { payload, expiresAt } = await payloads.issue();
      return { payload, expiresAt: expiresAt.toISOString() };
    },

    /** The app's origin in the TON Connect manifest served to this request (PUBLIC_URL's, else the request's site). */
    manifestOrigin(connection: RequestConnection): string {
      return sites.publicOrigin(sites.requestSite(connection));
    },

    /** The proof must name a domain this server serves to this connection (never merely the request's Host). */
    async tonLogin(body: z.output<typeof tonLoginBodySchema>, connection: RequestConnection): Promise<LoginData> {
      sites.requestSite(connection);
      const result = verifyTonProof(body, {
        acceptsDomain: (domain) => acceptsDomain(domain, connection),
        now: clock.now(),
        maxAgeSeconds: TON_PROOF_MAX_AGE_SECONDS,
        futureSkewSeconds: TON_PROOF_FUTURE_SKEW_SECONDS,
      });
      if (!result.ok) {
        logger.info({ reason: result.reason }, "ton sign-in refused");
        throw loginFailed(`TON sign-in failed: ${result.detail}`, FIELD_OF[result.reason]);
      }
      // Last, so a proof that fails its checks does not spend the payload of a proof still to come.
      if (!(await payloads.consume(body.proof.payload))) {
        logger.info({ reason: "payload" }, "ton sign-in refused");
        throw loginFailed("TON sign-in failed: the payload is unknown, used or expired");
      }
      return sessions.signIn(await findOrCreate(result.address), "ton");
    },
  };
}

export type TonAuthService = ReturnType<typeof createTonAuthService>;
