import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for an aggregator's HTTP API, for the adapters' tests: each request is answered by the test's
 * current handler (a payload in the aggregator's documented shape, an error body, a 429, garbage, or silence) and
 * recorded with its method, query, headers and JSON body, so a test can check what the adapter asked.
 */

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** the JSON body of a POST, undefined when there is none or it is not JSON */
  body: unknown;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** never answer (the client must give up on its own) */
  hang?: boolean;
}

export type StandInHandler = (request: StandInRequest) => StandInReply | undefined;

export interface AggregatorStandIn {
  url: string;
  requests: StandInRequest[];
  handle(handler: StandInHandler): void;
  close(): Promise<void>;
}

export const jsonReply = (body: unknown, status = 200, headers: Record<string, string> = {}): StandInReply => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

export async function startAggregatorStandIn(initial?: StandInHandler): Promise<AggregatorStandIn> {
  let handler: StandInHandler = initial ?? (() => undefined);
  const requests: StandInRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        body = undefined;
      }
      const request: StandInRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      requests.push(request);
      const reply = handler(request) ?? jsonReply({ message: "not found" }, 404);
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
