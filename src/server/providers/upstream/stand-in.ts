import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { UpstreamError } from "./upstream.ts";

/**
 * A loopback stand-in for a public service, for adapter tests: it answers each request with whatever the test's
 * current handler says (a recorded payload, a 429 with Retry-After, garbage, or silence) and records what was asked:
 * the path with its query, and the whole request (method, query, headers, JSON body) for tests that check more.
 */

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  /** the JSON body (a POST's), undefined when there is none or it is not JSON */
  body: unknown;
}

export interface StandInReply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** never answer (the client must time out) */
  hang?: boolean;
  /** answer after this many milliseconds */
  delayMs?: number;
}

export type StandInHandler = (request: StandInRequest) => StandInReply | undefined;

export interface StandIn {
  url: string;
  /** paths (with query) asked, in order */
  requests: string[];
  /** the same requests in full, in order */
  asked: StandInRequest[];
  handle(handler: StandInHandler): void;
  close(): Promise<void>;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): StandInReply => ({
  status,
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

export async function startStandIn(initial?: StandInHandler): Promise<StandIn> {
  let handler: StandInHandler = initial ?? (() => undefined);
  const requests: string[] = [];
  const asked: StandInRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const request: StandInRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: jsonBody(Buffer.concat(chunks).toString("utf8")),
      };
      requests.push(`${url.pathname}${url.search}`);
      asked.push(request);
      const reply = handler(request) ?? { status: 404, body: "not found" };
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      const send = () => {
        res.writeHead(reply.status ?? 200, reply.headers ?? {});
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    asked,
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

function jsonBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The UpstreamError a call to a stand-in rejected with; throws when it resolved or failed otherwise. */
export async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}
