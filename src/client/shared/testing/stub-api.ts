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

/**
 * Replaces the global fetch with a fake /v2/api server: `reply` answers each call with an envelope.
 * Returns the recorded calls; vi.unstubAllGlobals() (in test-setup) restores fetch.
 */
export function stubApi(reply: (call: RecordedCall) => StubReply | Promise<StubReply>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    const url = new URL(request.url, "http://localhost");
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname.replace(/^\/v2\/api\//, ""),
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const answer = await reply(call);
    const code = answer.code ?? 200;
    return new Response(
      JSON.stringify({ code, msg: answer.msg ?? (code === 200 ? "success" : "error"), data: answer.data }),
      {
        status: answer.status ?? (code === 200 ? 200 : 400),
        headers: { "content-type": "application/json" },
      },
    );
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}
