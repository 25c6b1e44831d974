import ky from "ky";
import { UPSTREAM_DEFAULTS, UpstreamError, USER_AGENT } from "./upstream.ts";

/**
 * One call to an outside service whose answer the caller reads itself, whatever its status (a sign-in check, a
 * transcription, an object store): the same HTTP client as `createUpstream`, without its retries, because a
 * POST or an upload is not repeated behind the caller's back.
 *
 * - the whole exchange, the body included, is done within `timeoutMs`; the answer comes back fully read;
 * - a timeout, a network failure or the caller's abort is an UpstreamError (kind "timeout", "network", "aborted");
 *   an HTTP status is not an error here, the caller decides what it means.
 */

export interface UpstreamCallInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Readonly<Record<string, string>> | Headers;
  body?: BodyInit;
  /** default UPSTREAM_DEFAULTS.timeoutMs */
  timeoutMs?: number;
  /** the caller giving up */
  signal?: AbortSignal | undefined;
}

export interface UpstreamAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  bytes: Uint8Array;
  text(): string;
  /** the body as JSON; undefined when it is not JSON */
  json(): unknown;
}

const client = ky.create({ retry: 0, throwHttpErrors: false, timeout: false });

function answer(response: Response, bytes: Uint8Array): UpstreamAnswer {
  // the body is decoded and parsed once, however often it is read (an error path may read it more than once)
  let decoded: string | undefined;
  let parsed: { value: unknown } | undefined;
  const text = () => {
    decoded ??= new TextDecoder().decode(bytes);
    return decoded;
  };
  return {
    status: response.status,
    ok: response.ok,
    headers: response.headers,
    bytes,
    text,
    json() {
      if (!parsed) {
        try {
          parsed = { value: JSON.parse(text()) as unknown };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
  };
}

/** `name` is for errors and logs ("google tokeninfo", "s3 PUT images/x"). */
export async function callUpstream(
  name: string,
  url: URL | string,
  init: UpstreamCallInit = {},
): Promise<UpstreamAnswer> {
  const timeoutMs = init.timeoutMs ?? UPSTREAM_DEFAULTS.timeoutMs;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const headers = new Headers(init.headers);
  if (!headers.has("user-agent")) headers.set("user-agent", USER_AGENT);
  try {
    const response = await client(url, { method: init.method ?? "GET", headers, body: init.body, signal });
    return answer(response, new Uint8Array(await response.arrayBuffer()));
  } catch (error) {
    if (init.signal?.aborted)
      throw new UpstreamError(name, "aborted", "the call was abandoned", undefined, { cause: error });
    if (timeout.aborted)
      throw new UpstreamError(name, "timeout", `no answer within ${timeoutMs} ms`, undefined, { cause: error });
    const host = new URL(url).host;
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
    throw new UpstreamError(name, "network", `could not reach ${host}${reason ? ` (${reason})` : ""}`, undefined, {
      cause: error,
    });
  }
}
