import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api-error.ts";
import type { HotTokensQuery, SummaryForSwapBody, SwapAssistant } from "../../features/swap/ai/swap-assistant.ts";
import type { AppEnv } from "../app-env.ts";
import { fail } from "../envelope.ts";
import { swapAssistantRoutes } from "./swap-assistant.routes.ts";

/** An assistant that answers what it was asked, so the test sees what the routes validated and passed on. */
function recordingAssistant() {
  const summaries: SummaryForSwapBody[] = [];
  const hot: HotTokensQuery[] = [];
  const assistant: SwapAssistant = {
    async summary(body) {
      summaries.push(body);
      return { draft: null, summary: `read: ${body.question}` };
    },
    async hotTokens(query) {
      hot.push(query);
      return { tokens: [], source: "Binance (replay)", asOf: "2026-03-20T09:00:00.000Z" };
    },
  };
  return { assistant, summaries, hot };
}

/** The routes on an app with the server's error envelope, as the HTTP app mounts them. */
function app(assistant: SwapAssistant) {
  const root = new Hono<AppEnv>();
  root.route("/v2/api", swapAssistantRoutes(assistant));
  root.onError((error, c) => (error instanceof ApiError ? fail(c, error) : c.text("error", 500)));
  return root;
}

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("summaryForSwap", () => {
  it("answers the assistant's reading in the envelope; the language defaults to en", async () => {
    const { assistant, summaries } = recordingAssistant();
    const response = await app(assistant).request("/v2/api/summaryForSwap", post({ question: "  buy 1 ETH  " }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 200,
      msg: "success",
      data: { draft: null, summary: "read: buy 1 ETH" },
    });
    expect(summaries).toEqual([{ question: "buy 1 ETH", language: "en" }]);
  });

  it("refuses an empty, too long or unknown-language question naming the field, before the assistant", async () => {
    const { assistant, summaries } = recordingAssistant();
    for (const [body, field, key] of [
      [{ question: "" }, "question", "required"],
      [{}, "question", "required"],
      [{ question: "x".repeat(501) }, "question", "tooLong"],
      [{ question: "buy 1 ETH", language: "fr" }, "language", "invalidValue"],
    ] as const) {
      const response = await app(assistant).request("/v2/api/summaryForSwap", post(body));
      expect(response.status).toBe(400);
      const envelope = await response.json();
      expect(envelope).toMatchObject({ code: 1001, data: { field } });
      if (key !== "invalidValue") expect(envelope.data.key).toBe(key);
    }
    expect(summaries).toEqual([]);
  });
});

describe("hotTokenForSwap", () => {
  it("passes the chain asked for, or none", async () => {
    const { assistant, hot } = recordingAssistant();
    const response = await app(assistant).request("/v2/api/hotTokenForSwap?chainId=56");
    expect(response.status).toBe(200);
    expect((await response.json()).data).toEqual({
      tokens: [],
      source: "Binance (replay)",
      asOf: "2026-03-20T09:00:00.000Z",
    });
    await app(assistant).request("/v2/api/hotTokenForSwap");
    expect(hot).toEqual([{ chainId: 56 }, {}]);
  });

  it("refuses a chain id that is not a positive integer", async () => {
    const { assistant, hot } = recordingAssistant();
    for (const chainId of ["abc", "-1", "1.5"]) {
      const response = await app(assistant).request(`/v2/api/hotTokenForSwap?chainId=${chainId}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 1001, data: { field: "chainId", key: "invalidValue" } });
    }
    expect(hot).toEqual([]);
  });
});
