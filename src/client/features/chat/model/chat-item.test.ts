import { describe, expect, it } from "vitest";
import { ApiError } from "../../../shared/api/api-error.ts";
import type { ChatStreamEvent } from "../api/chat-stream.ts";
import { applyChatEvent, applyOutcome, type ChatItem, newAnswer, stopAnswer } from "./chat-item.ts";

const fold = (events: readonly ChatStreamEvent[], from: ChatItem = newAnswer()) =>
  events.reduce((answer, event) => applyChatEvent(answer, event), from);

const start: ChatStreamEvent = {
  type: "start",
  data: {
    msggroup: "1700000000000u1",
    questionCode: "q1",
    code: "a1",
    model: 6,
    answeredBy: "MountainLion",
    remaining: 1,
  },
};
const citation = { tool: "price", source: "Binance", at: "2024-05-01T10:00:00Z" };

describe("an answer as its stream arrives", () => {
  it("accumulates text deltas, adds tool lines, and finishes with related questions and sources", () => {
    const answer = fold([
      start,
      { type: "text", data: { delta: "| Coin | Price |\n" } },
      { type: "tool", data: { name: "price", summary: "BTC price", citation } },
      { type: "text", data: { delta: "| BTC | 60,000 |" } },
      { type: "done", data: { code: "a1", finishReason: "stop", related: ["ETH?", "SOL?"], citations: [citation] } },
    ]);
    expect(answer).toMatchObject({
      code: "a1",
      content: "| Coin | Price |\n| BTC | 60,000 |",
      status: "complete",
      tools: [{ name: "price", summary: "BTC price", citation }],
      related: ["ETH?", "SOL?"],
      citations: [citation],
      error: null,
    });
  });

  it("keeps the partial text of a failed answer and records the error", () => {
    const answer = fold([
      start,
      { type: "text", data: { delta: "Bitcoin is" } },
      { type: "error", data: { code: 1001, key: "chatAnswerError", partialCode: "a1" } },
    ]);
    expect(answer).toMatchObject({
      code: "a1",
      content: "Bitcoin is",
      status: "error",
      error: { kind: "answer", code: 1001, key: "chatAnswerError" },
    });
  });

  it("marks an answer the user stopped", () => {
    const stopped = fold([
      start,
      { type: "done", data: { code: "a1", finishReason: "stopped", related: [], citations: [] } },
    ]);
    expect(stopped.status).toBe("stopped");
    expect(applyOutcome(fold([start]), { kind: "aborted" }).status).toBe("stopped");
  });

  it("freezes an answer at Stop: later text and tool lines are dropped, the end brings only code and extras", () => {
    const shown = fold([start, { type: "text", data: { delta: "BTC is " } }]);
    const stopped = stopAnswer(shown);
    expect(stopped).toMatchObject({ status: "stopped", content: "BTC is " });
    const after = fold(
      [
        { type: "text", data: { delta: "at 60,000." } },
        { type: "tool", data: { name: "price", summary: "BTC price", citation } },
        { type: "done", data: { code: "a1", finishReason: "stop", related: ["ETH?"], citations: [citation] } },
      ],
      stopped,
    );
    expect(after).toMatchObject({
      code: "a1",
      content: "BTC is ",
      status: "stopped",
      tools: [],
      related: ["ETH?"],
      citations: [citation],
    });
    const failedLate = applyChatEvent(stopped, {
      type: "error",
      data: { code: 1001, key: "chatAnswerError", partialCode: "a1" },
    });
    expect(failedLate).toMatchObject({ status: "stopped", content: "BTC is ", error: null });
    expect(applyOutcome(after, { kind: "aborted" })).toBe(after);
    // a finished answer is not turned into a stopped one
    const done = applyChatEvent(shown, {
      type: "done",
      data: { code: "a1", finishReason: "stop", related: [], citations: [] },
    });
    expect(stopAnswer(done)).toBe(done);
  });

  it("turns a broken stream into a refreshable error and a refusal into its message", () => {
    expect(applyOutcome(fold([start]), { kind: "broken", reason: "network" }).error).toEqual({
      kind: "stream",
      code: 1001,
      key: "Serverbusy",
    });
    const refused = applyOutcome(newAnswer(), {
      kind: "rejected",
      error: new ApiError({ code: 4001, key: "loginFirst", msg: "sign in" }),
    });
    expect(refused).toMatchObject({ status: "error", error: { kind: "rejected", code: 4001, key: "loginFirst" } });
  });

  it("leaves a finished answer alone when the stream then ends", () => {
    const done = fold([
      start,
      { type: "done", data: { code: "a1", finishReason: "stop", related: [], citations: [] } },
    ]);
    expect(applyOutcome(done, { kind: "broken", reason: "late" })).toBe(done);
  });
});
