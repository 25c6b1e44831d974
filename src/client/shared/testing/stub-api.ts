import { vi } from "vitest";

export interface RecordedCall {
  method: string;
  /** path under /v2/api, without the leading slash */
  path: string;
  /** the query string's parameters */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface StubReply {
  status?: number;
  code?: number;
  msg?: string;
  data: unknown;
}

/** The call as the fake server sees it: method, path under /v2/api, query, headers and JSON body. */
export async function recordCall(input: RequestInfo | URL, init?: RequestInit): Promise<RecordedCall> {
  const request = input instanceof Request ? input : new Request(input, init);
  const text = await request.clone().text();
  const url = new URL(request.url, "http://localhost");
  return {
    method: request.method,
    path: url.pathname.replace(/^\/v2\/api\//, ""),
    query: url.searchParams,
    headers: request.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** The envelope response of a reply, as the API writes it. */
export function envelopeResponse(answer: StubReply): Response {
  const code = answer.code ?? 200;
  return new Response(
    JSON.stringify({ code, msg: answer.msg ?? (code === 200 ? "success" : "error"), data: answer.data }),
    {
      status: answer.status ?? (code === 200 ? 200 : 400),
      headers: { "content-type": "application/json" },
    },
  );
}

/**
 * Replaces the global fetch with a fake /v2/api server: `reply` answers each call with an envelope.
 * Returns the recorded calls; vi.unstubAllGlobals() (in test-setup) restores fetch.
 */
export function stubApi(reply: (call: RecordedCall) => StubReply | Promise<StubReply>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await recordCall(input, init);
    calls.push(call);
    return envelopeResponse(await reply(call));
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}
