import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type Log,
  TransactionReceiptNotFoundError,
} from "viem";
import { callUpstream } from "../upstream/upstream-call.ts";
import { type ChainVerifier, errorDetail, type TokenTransfer, type TransactionLookup } from "./chain-verifier.ts";

/**
 * An EVM chain's deposits read through its JSON-RPC node with viem: the receipt (status, logs), the receipt's block
 * (its time, and that it is the block the receipt names) and the head (confirmations). Before the first lookup the
 * node must say it serves the configured chain id and the token its configured decimals; until both are confirmed
 * every lookup is `unavailable`, so a misconfigured chain never credits anything.
 */

export const EVM_PAY_RPC_TIMEOUT_MS = 8_000;

/** keccak256("Transfer(address,address,uint256)") */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export interface EvmChainSettings {
  code: string;
  chainId: number;
  rpcUrl: string;
  usdt: string;
  decimals: number;
  timeoutMs?: number;
}

/** The upstream client as viem's fetch, so RPC calls share its timeout and error kinds. */
function upstreamFetch(name: string, timeoutMs: number): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const answer = await callUpstream(name, url, {
      method: "POST",
      headers: new Headers(init?.headers),
      body: init?.body ?? undefined,
      timeoutMs,
      signal: init?.signal ?? undefined,
    });
    const body = answer.status === 204 || answer.status === 304 ? null : answer.text();
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}

/** The ERC-20 Transfer events of a receipt's logs (ERC-721's, with the id indexed, have 4 topics: not these). */
export function transfersOfLogs(logs: readonly Pick<Log, "address" | "topics" | "data">[]): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const log of logs) {
    const [topic, from, to] = log.topics;
    if (log.topics.length !== 3 || topic?.toLowerCase() !== TRANSFER_TOPIC || !from || !to) continue;
    if (!/^0x[0-9a-fA-F]{64}$/.test(log.data)) continue;
    transfers.push({
      token: getAddress(log.address),
      from: getAddress(`0x${from.slice(26)}`),
      to: getAddress(`0x${to.slice(26)}`),
      value: BigInt(log.data),
    });
  }
  return transfers;
}

export function createEvmUsdtVerifier(settings: EvmChainSettings): ChainVerifier {
  const timeoutMs = settings.timeoutMs ?? EVM_PAY_RPC_TIMEOUT_MS;
  const client = createPublicClient({
    transport: http(settings.rpcUrl, {
      fetchFn: upstreamFetch(`pay rpc ${settings.code}`, timeoutMs),
      retryCount: 0,
      timeout: timeoutMs,
    }),
  });
  let confirmedSetup = false;

  /** the node serves the configured chain and the token has the configured decimals; undefined when so */
  async function setupProblem(): Promise<string | undefined> {
    if (confirmedSetup) return undefined;
    const served = await client.getChainId();
    if (served !== settings.chainId) return `the node serves chain ${served}, not ${settings.chainId}`;
    const decimals = await client.readContract({
      address: settings.usdt as Address,
      abi: erc20Abi,
      functionName: "decimals",
    });
    if (decimals !== settings.decimals) {
      return `the token ${settings.usdt} has ${decimals} decimals, not the configured ${settings.decimals}`;
    }
    confirmedSetup = true;
    return undefined;
  }

  return {
    code: settings.code,
    accepts: (hash) => /^0x[0-9a-f]{64}$/.test(hash),
    async lookup(hash): Promise<TransactionLookup> {
      try {
        const problem = await setupProblem();
        if (problem) return { state: "unavailable", detail: problem };
        let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
        try {
          receipt = await client.getTransactionReceipt({ hash: hash as Hex });
        } catch (error) {
          if (error instanceof TransactionReceiptNotFoundError) return { state: "notFound" };
          throw error;
        }
        // the receipt's block and the head, asked together
        const [block, head] = await Promise.all([
          client.getBlock({ blockNumber: receipt.blockNumber }).catch((error: unknown) => {
            if (error instanceof BlockNotFoundError) return undefined;
            throw error;
          }),
          client.getBlockNumber({ cacheTime: 0 }),
        ]);
        if (!block) {
          return { state: "inconsistent", detail: `receipt in block ${receipt.blockNumber} the node cannot give` };
        }
        if (block.hash !== receipt.blockHash) {
          return { state: "inconsistent", detail: `block ${receipt.blockNumber} is not the receipt's (reorganised)` };
        }
        if (head < receipt.blockNumber) {
          return { state: "inconsistent", detail: `receipt block ${receipt.blockNumber} is ahead of head ${head}` };
        }
        return {
          state: "mined",
          success: receipt.status === "success",
          blockNumber: Number(receipt.blockNumber),
          blockTime: new Date(Number(block.timestamp) * 1000),
          confirmations: Number(head - receipt.blockNumber) + 1,
          transfers: transfersOfLogs(receipt.logs),
        };
      } catch (error) {
        return { state: "unavailable", detail: errorDetail(error) };
      }
    },
  };
}
