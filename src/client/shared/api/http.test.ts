import { afterEach, describe, expect, it, vi } from "vitest";
import { Headers } from "../../../contract/constants.ts";
import { createTokenStore } from "../storage/token-store.ts";
import { ApiError } from "./api-error.ts";
import { createApiEvents } from "./api-events.ts";
import { createHttpClient, type HttpClientDeps } from "./http.ts";

const asIs = (data: unknown) => data;

function envelope(code: number, data: unknown, status = code === 200 ? 200 : 400, msg = "msg"): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

function setup(respond: (request: Request) => Response | Promise<Response>, deps: HttpClientDeps = {}) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    return respond(request);
  });
  const tokenStore = createTokenStore("test-token");
  const events = createApiEvents();
  const client = createHttpClient({
    fetch,
    tokenStore,
    events,
    getDeviceNo: () => "device0123456789",
    getApiKey: () => undefined,
    prefixUrl: "http://api.test/v2/api",
    ...deps,
  });
  return { client, fetch, requests, bodies, tokenStore, events };
}

afterEach(() => {
  localStorage.clear();
});

describe("http client", () => {
  it("unwraps the envelope and sends the device number", async () => {
    const { client, requests } = setup(() => envelope(200, [1, 2]));
    await expect(client.get("llm/model/list", { parse: asIs })).resolves.toEqual([1, 2]);
    const [request] = requests;
    expect(request?.url).toBe("http://api.test/v2/api/llm/model/list");
    expect(request?.headers.get(Headers.deviceNo)).toBe("device0123456789");
    expect(request?.headers.get(Headers.authorization)).toBeNull();
    expect(request?.headers.get(Headers.apiKey)).toBeNull();
  });

  it("adds the bearer token and the API key when present", async () => {
    const { client, requests, bodies, tokenStore } = setup(() => envelope(200, null), { getApiKey: () => "k-123" });
    tokenStore.set("tok");
    await client.post("/addFeedback", { parse: asIs, json: { a: 1 } });
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("http://api.test/v2/api/addFeedback");
    expect(request?.headers.get(Headers.authorization)).toBe("Bearer tok");
    expect(request?.headers.get(Headers.apiKey)).toBe("k-123");
    expect(JSON.parse(bodies[0] ?? "")).toEqual({ a: 1 });
  });

  it("reads the API key from the meta tag by default", async () => {
    const meta = document.createElement("meta");
    meta.name = "app-api-key";
    meta.content = "from-meta";
    document.head.append(meta);
    try {
      const { client, requests } = setup(() => envelope(200, null), { getApiKey: undefined });
      await client.get("x", { parse: asIs });
      expect(requests[0]?.headers.get(Headers.apiKey)).toBe("from-meta");
    } finally {
      meta.remove();
    }
  });

  it("shares one request between identical calls in flight", async () => {
    let release: (response: Response) => void = () => {};
    const { client, fetch } = setup(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const first = client.get("llm/model/list", { parse: asIs, searchParams: { a: 1, b: "x" } });
    const second = client.get("llm/model/list", { parse: asIs, searchParams: { b: "x", a: 1 } });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    release(envelope(200, ["shared"]));
    await expect(first).resolves.toEqual(["shared"]);
    await expect(second).resolves.toEqual(["shared"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("sends again once the first call settled, and keeps different bodies apart", async () => {
    const { client, fetch } = setup(() => envelope(200, "ok"));
    await client.post("addFeedback", { parse: asIs, json: { n: 1 } });
    await client.post("addFeedback", { parse: asIs, json: { n: 1 } });
    await Promise.all([
      client.post("addFeedback", { parse: asIs, json: { n: 2 } }),
      client.post("addFeedback", { parse: asIs, json: { n: 3 } }),
    ]);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("maps an error envelope to a typed ApiError", async () => {
    const { client } = setup(() =>
      envelope(1001, { key: "tooLong", field: "content", issues: [{ field: "content", key: "tooLong" }] }, 400, "bad"),
    );
    const error = await client.post("addFeedback", { parse: asIs, json: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 1001,
      key: "tooLong",
      field: "content",
      msg: "bad",
      issues: [{ field: "content", key: "tooLong" }],
    });
  });

  it("falls back to the catalogue key, then to Serverbusy, for unknown keys", async () => {
    const { client } = setup((request) =>
      request.url.endsWith("/a") ? envelope(2002, { key: "no-such-key" }) : envelope(777, null, 500),
    );
    await expect(client.get("a", { parse: asIs })).rejects.toMatchObject({ code: 2002, key: "incorrectLogin" });
    await expect(client.get("b", { parse: asIs })).rejects.toMatchObject({ code: 777, key: "Serverbusy" });
  });

  it("turns transport failures and non-envelope answers into Serverbusy", async () => {
    const failing = setup(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(failing.client.get("x", { parse: asIs })).rejects.toMatchObject({ code: 1001, key: "Serverbusy" });
    const html = setup(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(html.client.get("x", { parse: asIs })).rejects.toMatchObject({ code: 1001, key: "Serverbusy" });
  });

  it("rejects data that does not pass the parser", async () => {
    const { client } = setup(() => envelope(200, { unexpected: true }));
    const parse = (data: unknown): string[] => {
      if (!Array.isArray(data)) throw new Error("not a list");
      return data.map(String);
    };
    await expect(client.get("x", { parse })).rejects.toMatchObject({ code: 1001, key: "Serverbusy" });
  });

  it("clears the token and announces 4001", async () => {
    const { client, tokenStore, events } = setup(() => envelope(4001, { key: "loginInvalid" }, 401));
    tokenStore.set("stale");
    const onLoginInvalid = vi.fn();
    const onTokenChange = vi.fn();
    events.on("loginInvalid", onLoginInvalid);
    tokenStore.subscribe(onTokenChange);
    await expect(client.get("x", { parse: asIs })).rejects.toMatchObject({ code: 4001, key: "loginInvalid" });
    expect(tokenStore.get()).toBeNull();
    expect(onTokenChange).toHaveBeenCalledWith(null);
    expect(onLoginInvalid).toHaveBeenCalledTimes(1);
  });

  it("announces 4003 without clearing the token", async () => {
    const { client, tokenStore, events } = setup(() => envelope(4003, { key: "tooFrequent" }, 429));
    tokenStore.set("kept");
    const onTooFrequent = vi.fn();
    const unsubscribe = events.on("tooFrequent", onTooFrequent);
    await expect(client.get("x", { parse: asIs })).rejects.toMatchObject({ code: 4003, key: "tooFrequent" });
    expect(onTooFrequent).toHaveBeenCalledTimes(1);
    expect(tokenStore.get()).toBe("kept");
    unsubscribe();
    await client.get("x", { parse: asIs }).catch(() => undefined);
    expect(onTooFrequent).toHaveBeenCalledTimes(1);
  });
});
