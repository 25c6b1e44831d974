import { z } from "zod";
import { callUpstream } from "../upstream/upstream-call.ts";
import { type ChainVerifier, errorDetail, type TokenTransfer, type TransactionLookup } from "./chain-verifier.ts";
import { hex20ToTronAddress } from "./tron-address.ts";

/**
 * TRON deposits read through TronGrid's HTTP API (a full node's /wallet/* endpoints):
 * - POST /wallet/gettransactioninfobyid {value}: the transaction's result, block number and time (ms) and its event
 *   logs ({address: 20-byte hex without the 41, topics: hex, data: hex}); `{}` while the chain does not know it;
 * - POST /wallet/getblockbynum {num}: the block, which must hold the transaction (else the node contradicts itself);
 * - POST /wallet/getnowblock: the head, for confirmations;
 * - POST /wallet/triggerconstantcontract: the token's decimals(), confirmed once before the first lookup.
 * The API key, when configured, travels in TRON-PRO-API-KEY and is never logged.
 */

export const TRONGRID_TIMEOUT_MS = 8_000;

const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export interface TronChainSettings {
  code: string;
  /** TronGrid's base URL (https://api.trongrid.io) */
  baseUrl: string;
  apiKey: string | undefined;
  /** T-address of the token */
  usdt: string;
  decimals: number;
  timeoutMs?: number;
}

const hex = z.string().regex(/^(0x)?[0-9a-fA-F]*$/);

const transactionInfoSchema = z.union([
  z
    .object({
      id: z.string(),
      blockNumber: z.number().int().nonnegative(),
      blockTimeStamp: z.number().int().nonnegative(),
      receipt: z.object({ result: z.string().optional() }).loose().optional(),
      log: z.array(z.object({ address: hex, topics: z.array(hex).default([]), data: hex.default("") })).optional(),
      /** present only when the transaction failed: "FAILED" */
      result: z.string().optional(),
    })
    .loose(),
  // the chain does not know the transaction (yet)
  z.object({}).strict(),
]);

const blockSchema = z.union([
  z
    .object({
      blockID: z.string(),
      block_header: z.object({
        raw_data: z.object({ number: z.number().int().nonnegative(), timestamp: z.number().int() }).loose(),
      }),
      transactions: z.array(z.object({ txID: z.string() }).loose()).optional(),
    })
    .loose(),
  z.object({}).strict(),
]);

const constantResultSchema = z
  .object({
    constant_result: z.array(hex).optional(),
    result: z.object({ result: z.boolean().optional(), message: z.string().optional() }).loose().optional(),
  })
  .loose();

class TronGridError extends Error {
  override name = "TronGridError";
}

/** The Transfer(from, to, value) events of a transaction's logs, addresses as T-addresses. */
export function transfersOfTronLogs(
  logs: readonly { address: string; topics: readonly string[]; data: string }[],
): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const log of logs) {
    const topics = log.topics.map((topic) => topic.replace(/^0x/i, "").toLowerCase());
    const [topic, from, to] = topics;
    const data = log.data.replace(/^0x/i, "");
    if (topics.length !== 3 || topic !== TRANSFER_TOPIC || !from || !to) continue;
    if (from.length !== 64 || to.length !== 64 || data.length !== 64) continue;
    transfers.push({
      token: hex20ToTronAddress(log.address.replace(/^0x/i, "").slice(-40)),
      from: hex20ToTronAddress(from.slice(24)),
      to: hex20ToTronAddress(to.slice(24)),
      value: BigInt(`0x${data}`),
    });
  }
  return transfers;
}

export function createTronGridVerifier(settings: TronChainSettings): ChainVerifier {
  const timeoutMs = settings.timeoutMs ?? TRONGRID_TIMEOUT_MS;
  const base = settings.baseUrl.replace(/\/+$/, "");
  let confirmedSetup = false;

  async function post<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (settings.apiKey) headers["TRON-PRO-API-KEY"] = settings.apiKey;
    const answer = await callUpstream(`trongrid ${settings.code} ${path}`, `${base}${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      timeoutMs,
    });
    if (!answer.ok) throw new TronGridError(`${path} answered HTTP ${answer.status}`);
    const parsed = schema.safeParse(answer.json());
    if (!parsed.success) throw new TronGridError(`${path} answered a body of another shape`);
    return parsed.data;
  }

  async function setupProblem(): Promise<string | undefined> {
    if (confirmedSetup) return undefined;
    const answer = await post(
      "/wallet/triggerconstantcontract",
      {
        owner_address: settings.usdt,
        contract_address: settings.usdt,
        function_selector: "decimals()",
        parameter: "",
        visible: true,
      },
      constantResultSchema,
    );
    const word = answer.constant_result?.[0]?.replace(/^0x/i, "");
    if (answer.result?.result !== true || !word) return `decimals() of ${settings.usdt} gave no result`;
    const decimals = Number(BigInt(`0x${word}`));
    if (decimals !== settings.decimals) {
      return `the token ${settings.usdt} has ${decimals} decimals, not the configured ${settings.decimals}`;
    }
    confirmedSetup = true;
    return undefined;
  }

  return {
    code: settings.code,
    accepts: (hash) => /^[0-9a-f]{64}$/.test(hash),
    async lookup(hash): Promise<TransactionLookup> {
      try {
        const problem = await setupProblem();
        if (problem) return { state: "unavailable", detail: problem };
        const info = await post("/wallet/gettransactioninfobyid", { value: hash }, transactionInfoSchema);
        if (!("id" in info)) return { state: "notFound" };
        if (info.id.toLowerCase() !== hash) {
          return { state: "inconsistent", detail: `asked for ${hash}, answered ${info.id}` };
        }
        const block = await post("/wallet/getblockbynum", { num: info.blockNumber }, blockSchema);
        if (!("blockID" in block) || block.block_header.raw_data.number !== info.blockNumber) {
          return { state: "inconsistent", detail: `transaction in block ${info.blockNumber} the node cannot give` };
        }
        const holds = (block.transactions ?? []).some((tx) => tx.txID.toLowerCase() === hash);
        if (!holds || block.block_header.raw_data.timestamp !== info.blockTimeStamp) {
          return { state: "inconsistent", detail: `block ${info.blockNumber} does not hold the transaction` };
        }
        const now = await post("/wallet/getnowblock", {}, blockSchema);
        if (!("blockID" in now)) return { state: "unavailable", detail: "getnowblock gave no block" };
        const head = now.block_header.raw_data.number;
        if (head < info.blockNumber) {
          return { state: "inconsistent", detail: `transaction block ${info.blockNumber} is ahead of head ${head}` };
        }
        const receiptResult = info.receipt?.result;
        return {
          state: "mined",
          success: info.result !== "FAILED" && (receiptResult === undefined || receiptResult === "SUCCESS"),
          blockNumber: info.blockNumber,
          blockTime: new Date(info.blockTimeStamp),
          confirmations: head - info.blockNumber + 1,
          transfers: transfersOfTronLogs(info.log ?? []),
        };
      } catch (error) {
        return { state: "unavailable", detail: errorDetail(error) };
      }
    },
  };
}
