import ky, { type KyInstance } from "ky";
import { API_PREFIX, Headers, REQUEST_TIMEOUT_MS } from "../../../contract/constants.ts";
import type { FieldIssue } from "../../../contract/envelope.ts";
import { ErrorCode, errorEntryFor } from "../../../contract/errors.ts";
import { isMessageKey, type MessageKey } from "../../../contract/message-keys.ts";
import { getDeviceNo } from "../storage/device-no.ts";
import { type TokenStore, tokenStore } from "../storage/token-store.ts";
import { ApiError } from "./api-error.ts";
import { type ApiEvents, apiEvents } from "./api-events.ts";

export type SearchParams = Record<string, string | number | boolean>;

/** Checks and narrows the envelope's `data` of a successful call (usually a contract zod schema's `parse`). */
export type ParseData<T> = (data: unknown) => T;

export interface GetOptions<T> {
  parse: ParseData<T>;
  searchParams?: SearchParams;
}

export interface PostOptions<T> {
  parse: ParseData<T>;
  json?: unknown;
}

export interface HttpClient {
  get<T>(path: string, options: GetOptions<T>): Promise<T>;
  post<T>(path: string, options: PostOptions<T>): Promise<T>;
}

export interface HttpClientDeps {
  fetch?: typeof globalThis.fetch;
  tokenStore?: TokenStore;
  events?: ApiEvents;
  getDeviceNo?: () => string;
  getApiKey?: () => string | undefined;
  prefixUrl?: string;
}

/** The server injects `<meta name="app-api-key" content="...">` when it requires an API key. */
export function readApiKeyMeta(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const content = document.querySelector('meta[name="app-api-key"]')?.getAttribute("content")?.trim();
  return content ? content : undefined;
}

export type HeaderDeps = Pick<HttpClientDeps, "tokenStore" | "getDeviceNo" | "getApiKey">;

/**
 * The headers every /v2/api call carries (device number, token, API key), for the few calls that cannot go
 * through the client: the chat's answer stream is read with fetch as it arrives.
 */
export function apiRequestHeaders(deps: HeaderDeps = {}): Record<string, string> {
  const headers: Record<string, string> = { [Headers.deviceNo]: (deps.getDeviceNo ?? getDeviceNo)() };
  const token = (deps.tokenStore ?? tokenStore).get();
  if (token) headers[Headers.authorization] = `Bearer ${token}`;
  const key = (deps.getApiKey ?? readApiKeyMeta)();
  if (key) headers[Headers.apiKey] = key;
  return headers;
}

interface RawEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isEnvelope(value: unknown): value is RawEnvelope {
  return isRecord(value) && typeof value.code === "number" && typeof value.msg === "string" && "data" in value;
}

function fieldIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) =>
    isRecord(item) && typeof item.field === "string" && typeof item.key === "string" && isMessageKey(item.key)
      ? [{ field: item.field, key: item.key }]
      : [],
  );
}

/** Unknown keys fall back to the catalogue's key for the code, then to Serverbusy. */
function keyFor(code: number, candidate: unknown): MessageKey {
  if (typeof candidate === "string" && isMessageKey(candidate)) return candidate;
  return errorEntryFor(code)?.key ?? "Serverbusy";
}

function errorFromEnvelope(envelope: RawEnvelope): ApiError {
  const data = isRecord(envelope.data) ? envelope.data : {};
  return new ApiError({
    code: envelope.code,
    key: keyFor(envelope.code, data.key),
    msg: envelope.msg,
    field: typeof data.field === "string" ? data.field : undefined,
    issues: fieldIssues(data.issues),
    remaining: typeof data.remaining === "number" && Number.isInteger(data.remaining) ? data.remaining : undefined,
  });
}

function transportError(message: string, status?: number): ApiError {
  const code = status === 429 ? ErrorCode.TooManyRequests : ErrorCode.RequestFailed;
  return new ApiError({ code, key: keyFor(code, undefined), msg: message });
}

function stableQuery(searchParams: SearchParams | undefined): string {
  if (!searchParams) return "";
  const entries = Object.entries(searchParams)
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/**
 * The one way the web app calls /v2/api. It adds the device number, token and API key headers, unwraps the
 * envelope, turns failures into ApiError, clears the token on 4001 and announces 4001/4003 on `events`.
 * Identical calls in flight share one request. It never touches the UI.
 */
export function createHttpClient(deps: HttpClientDeps = {}): HttpClient {
  const tokens = deps.tokenStore ?? tokenStore;
  const events = deps.events ?? apiEvents;
  const deviceNo = deps.getDeviceNo ?? getDeviceNo;
  const apiKey = deps.getApiKey ?? readApiKeyMeta;
  const inFlight = new Map<string, Promise<unknown>>();

  const client: KyInstance = ky.create({
    prefixUrl: deps.prefixUrl ?? API_PREFIX,
    timeout: REQUEST_TIMEOUT_MS,
    throwHttpErrors: false,
    retry: 0,
    // Resolved per call so tests (and polyfills) can replace the global fetch later.
    fetch: deps.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    hooks: {
      beforeRequest: [
        (request) => {
          const headers = apiRequestHeaders({ tokenStore: tokens, getDeviceNo: deviceNo, getApiKey: apiKey });
          for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
        },
      ],
    },
  });

  function fail(error: ApiError): never {
    if (error.code === ErrorCode.LoginInvalid) {
      tokens.clear();
      events.emit("loginInvalid", error);
    } else if (error.code === ErrorCode.TooManyRequests) {
      events.emit("tooFrequent", error);
    }
    throw error;
  }

  async function send(method: "get" | "post", path: string, searchParams?: SearchParams, json?: unknown) {
    let response: Response;
    try {
      response = await client(path, {
        method,
        ...(searchParams ? { searchParams } : {}),
        ...(json !== undefined ? { json } : {}),
      });
    } catch (error) {
      return fail(transportError(error instanceof Error ? error.message : String(error)));
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      return fail(transportError(`HTTP ${response.status} without a JSON body`, response.status));
    }
    if (!isEnvelope(payload))
      return fail(transportError(`HTTP ${response.status} without an envelope`, response.status));
    if (payload.code !== ErrorCode.Success) return fail(errorFromEnvelope(payload));
    return payload.data;
  }

  function dedupe(method: "get" | "post", path: string, searchParams?: SearchParams, json?: unknown) {
    const relative = path.replace(/^\/+/, "");
    const key = `${method} ${relative}?${stableQuery(searchParams)} ${json === undefined ? "" : JSON.stringify(json)}`;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = send(method, relative, searchParams, json).finally(() => {
      inFlight.delete(key);
    });
    inFlight.set(key, started);
    return started;
  }

  function parsed<T>(data: unknown, parse: ParseData<T>): T {
    try {
      return parse(data);
    } catch (error) {
      throw transportError(`Unexpected response data: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    get: async (path, { parse, searchParams }) => parsed(await dedupe("get", path, searchParams), parse),
    post: async (path, { parse, json }) => parsed(await dedupe("post", path, undefined, json), parse),
  };
}

export const http = createHttpClient();
