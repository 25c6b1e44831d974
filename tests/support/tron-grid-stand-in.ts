import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tronAddressToHex20 } from "../../src/server/providers/chains/tron-address.ts";

/**
 * A loopback stand-in for TronGrid's HTTP API (a full node's /wallet/* endpoints) holding a small TRON chain the
 * test writes: TRC-20 transfers mined into blocks of their own, a head that moves when told. It answers in the
 * documented shapes: /wallet/gettransactioninfobyid (`{}` for an unknown id; the info with blockNumber,
 * blockTimeStamp in ms, receipt.result, log[] with the contract's 20-byte hex address without the 41, hex topics and
 * data; result "FAILED" when reverted), /wallet/getblockbynum and /wallet/getnowblock (blockID, block_header.raw_data
 * {number, timestamp, ...}, transactions[] with txID) and /wallet/triggerconstantcontract (constant_result[] of a
 * token's decimals()). Blocks come every 3 s of the chain's own time from `startMs`. Every call is recorded with
 * its API key header; a path can be told to fail.
 */

const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const BLOCK_MS = 3_000;

export interface TronCall {
  path: string;
  body: Record<string, unknown>;
  apiKey: string | undefined;
}

export interface TronTransferSpec {
  /** T-address of the token contract */
  token: string;
  from: string;
  to: string;
  /** in the token's units */
  amount: bigint;
  /** false: mined reverted (REVERT, no log) */
  success?: boolean;
}

export interface TronGridStandIn {
  url: string;
  calls: TronCall[];
  /** mines the transfer alone in a new block at head + 1; its transaction id */
  mineTransfer(transfer: TronTransferSpec): string;
  /** mines empty blocks */
  mineBlocks(count: number): void;
  head(): number;
  /** what decimals() of a token answers (6 unless set) */
  setDecimals(token: string, decimals: number): void;
  /** the next `times` calls of a path answer this HTTP status */
  failNext(path: string, status: number, times?: number): void;
  /** forgets a block (the node then cannot give the block a transaction names) */
  dropBlock(number: number): void;
  /** the head getnowblock reports, overriding the real one (a node behind its own transactions) */
  reportHead(number: number | undefined): void;
  close(): Promise<void>;
}

interface Block {
  number: number;
  blockID: string;
  timestamp: number;
  parentHash: string;
  txIds: string[];
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const word = (value: bigint | string) =>
  (typeof value === "bigint" ? value.toString(16) : value).padStart(64, "0").toLowerCase();

function addressHex(address: string): string {
  const hex20 = tronAddressToHex20(address);
  if (!hex20) throw new Error(`not a TRON address: ${address}`);
  return hex20;
}

export async function startTronGridStandIn(options: { startMs: number }): Promise<TronGridStandIn> {
  const calls: TronCall[] = [];
  const infos = new Map<string, Record<string, unknown>>();
  const blocks = new Map<number, Block>();
  const decimals = new Map<string, number>();
  const failures = new Map<string, { status: number; left: number }>();
  let reportedHead: number | undefined;
  let head = 0;

  const blockId = (number: number) => `${number.toString(16).padStart(16, "0")}${hex(24)}`;
  const genesis: Block = {
    number: 0,
    blockID: blockId(0),
    timestamp: options.startMs,
    parentHash: "0".repeat(64),
    txIds: [],
  };
  blocks.set(0, genesis);

  function mine(txIds: string[]): Block {
    const parent = blocks.get(head) ?? genesis;
    head += 1;
    const block: Block = {
      number: head,
      blockID: blockId(head),
      timestamp: options.startMs + head * BLOCK_MS,
      parentHash: parent.blockID,
      txIds,
    };
    blocks.set(head, block);
    return block;
  }

  function blockJson(block: Block) {
    return {
      blockID: block.blockID,
      block_header: {
        raw_data: {
          number: block.number,
          txTrieRoot: createHash("sha256").update(block.txIds.join()).digest("hex"),
          witness_address: `41${hex(20)}`,
          parentHash: block.parentHash,
          version: 31,
          timestamp: block.timestamp,
        },
        witness_signature: hex(65),
      },
      transactions: block.txIds.map((txID) => ({
        ret: [{ contractRet: (infos.get(txID)?.result as string | undefined) === "FAILED" ? "REVERT" : "SUCCESS" }],
        signature: [hex(65)],
        txID,
        raw_data: {
          contract: [
            {
              type: "TriggerSmartContract",
              parameter: { type_url: "type.googleapis.com/protocol.TriggerSmartContract" },
            },
          ],
          ref_block_bytes: "0000",
          ref_block_hash: hex(8),
          expiration: block.timestamp + 60_000,
          fee_limit: 100_000_000,
          timestamp: block.timestamp - 1_000,
        },
      })),
    };
  }

  function answer(path: string, body: Record<string, unknown>): unknown {
    switch (path) {
      case "/wallet/gettransactioninfobyid":
        return infos.get(String(body.value ?? "").toLowerCase()) ?? {};
      case "/wallet/getblockbynum": {
        const block = blocks.get(Number(body.num));
        return block ? blockJson(block) : {};
      }
      case "/wallet/getnowblock": {
        const block = blocks.get(head);
        if (!block) return {};
        const json = blockJson(block);
        json.block_header.raw_data.number = reportedHead ?? head;
        return json;
      }
      case "/wallet/triggerconstantcontract": {
        const token = String(body.contract_address ?? "");
        return {
          result: { result: true },
          energy_used: 222,
          constant_result: [word(BigInt(decimals.get(token) ?? 6))],
          transaction: { ret: [{}], txID: hex(32) },
        };
      }
      default:
        return undefined;
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://stand-in").pathname;
      let body: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const key = request.headers["tron-pro-api-key"];
      calls.push({ path, body, apiKey: typeof key === "string" ? key : undefined });
      const failure = failures.get(path);
      if (failure && failure.left > 0) {
        failure.left -= 1;
        response.writeHead(failure.status, { "content-type": "application/json" });
        response.end(JSON.stringify({ Error: "scripted failure" }));
        return;
      }
      const result = answer(path, body);
      if (result === undefined) {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("not found");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(result));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    mineTransfer(transfer) {
      const txId = hex(32);
      const success = transfer.success ?? true;
      const block = mine([txId]);
      const tokenHex = addressHex(transfer.token);
      infos.set(txId, {
        id: txId,
        fee: 13_844_850,
        blockNumber: block.number,
        blockTimeStamp: block.timestamp,
        contractResult: [success ? word(1n) : ""],
        contract_address: `41${tokenHex}`,
        receipt: {
          energy_fee: 13_499_850,
          energy_usage_total: 64_285,
          net_fee: 345_000,
          result: success ? "SUCCESS" : "REVERT",
        },
        ...(success
          ? {
              log: [
                {
                  address: tokenHex,
                  topics: [TRANSFER_TOPIC, word(addressHex(transfer.from)), word(addressHex(transfer.to))],
                  data: word(transfer.amount),
                },
              ],
            }
          : { result: "FAILED", resMessage: Buffer.from("REVERT opcode executed").toString("hex") }),
      });
      return txId;
    },
    mineBlocks(count) {
      for (let i = 0; i < count; i += 1) mine([]);
    },
    head: () => head,
    setDecimals(token, value) {
      decimals.set(token, value);
    },
    failNext(path, status, times = 1) {
      failures.set(path, { status, left: times });
    },
    dropBlock(number) {
      blocks.delete(number);
    },
    reportHead(number) {
      reportedHead = number;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
