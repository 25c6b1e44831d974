import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback JSON-RPC proxy in front of a chain node, for the faults a real node shows: `down()` closes its port
 * (connections refused) until `up()` listens on the same port again; `tamper(method, fn)` rewrites the results of
 * one method (a node that lies about its head or cannot give a block). Batched calls are forwarded as they are.
 */

type Json = unknown;

interface RpcResponse {
  jsonrpc: string;
  id: Json;
  result?: Json;
  error?: Json;
}

export interface JsonRpcProxy {
  url: string;
  down(): Promise<void>;
  up(): Promise<void>;
  /** rewrites the result of every call of `method` until cleared with `tamper(method, undefined)` */
  tamper(method: string, rewrite: ((result: Json) => Json) | undefined): void;
  close(): Promise<void>;
}

export async function startJsonRpcProxy(target: string): Promise<JsonRpcProxy> {
  const rewrites = new Map<string, (result: Json) => Json>();
  let port = 0;
  let server: Server | undefined;

  async function forward(body: string): Promise<string> {
    const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    const text = await response.text();
    if (rewrites.size === 0) return text;
    const requests = JSON.parse(body) as { method: string; id: Json } | { method: string; id: Json }[];
    const answers = JSON.parse(text) as RpcResponse | RpcResponse[];
    const methodOf = new Map(
      (Array.isArray(requests) ? requests : [requests]).map((r) => [JSON.stringify(r.id), r.method]),
    );
    const rewrite = (answer: RpcResponse): RpcResponse => {
      const fn = rewrites.get(methodOf.get(JSON.stringify(answer.id)) ?? "");
      return fn && "result" in answer ? { ...answer, result: fn(answer.result) } : answer;
    };
    return JSON.stringify(Array.isArray(answers) ? answers.map(rewrite) : rewrite(answers));
  }

  async function listen() {
    const created = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        forward(Buffer.concat(chunks).toString("utf8")).then(
          (text) => {
            response.writeHead(200, { "content-type": "application/json" });
            response.end(text);
          },
          () => {
            response.writeHead(502, { "content-type": "text/plain" });
            response.end("bad gateway");
          },
        );
      });
    });
    created.listen(port, "127.0.0.1");
    await once(created, "listening");
    port = (created.address() as AddressInfo).port;
    server = created;
  }

  async function stop() {
    const current = server;
    if (!current) return;
    server = undefined;
    current.closeAllConnections();
    current.close();
    await once(current, "close");
  }

  await listen();
  return {
    url: `http://127.0.0.1:${port}`,
    down: stop,
    async up() {
      if (!server) await listen();
    },
    tamper(method, rewrite) {
      if (rewrite) rewrites.set(method, rewrite);
      else rewrites.delete(method);
    },
    close: stop,
  };
}
