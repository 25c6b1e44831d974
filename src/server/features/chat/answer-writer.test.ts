import { afterEach, describe, expect, it, vi } from "vitest";
import { createAnswerWriter } from "./answer-writer.ts";

afterEach(() => {
  vi.useRealTimers();
});

function recorder(options: { ms: number; chars: number }) {
  const writes: string[] = [];
  const finals: string[] = [];
  const writer = createAnswerWriter<string>({
    write: async (content) => {
      writes.push(content);
    },
    writeFinal: async (value) => {
      finals.push(value);
    },
    onError: () => undefined,
    ...options,
  });
  return { writes, finals, writer };
}

describe("answer writer", () => {
  it("writes at most every `ms`, with the latest text", async () => {
    vi.useFakeTimers();
    const { writes, writer } = recorder({ ms: 500, chars: 10_000 });
    writer.grow("a");
    writer.grow("ab");
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(writes).toEqual(["ab"]);
    writer.grow("abc");
    await vi.advanceTimersByTimeAsync(100);
    writer.grow("abcd");
    await vi.advanceTimersByTimeAsync(400);
    expect(writes).toEqual(["ab", "abcd"]);
  });

  it("writes sooner once `chars` new characters arrived", async () => {
    vi.useFakeTimers();
    const { writes, writer } = recorder({ ms: 60_000, chars: 5 });
    writer.grow("1234");
    writer.grow("123456");
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toEqual(["123456"]);
  });

  it("finishes after the writes under way, and writes nothing after", async () => {
    vi.useFakeTimers();
    const { writes, finals, writer } = recorder({ ms: 500, chars: 10_000 });
    writer.grow("partial");
    await writer.finish("final");
    await vi.advanceTimersByTimeAsync(1_000);
    writer.grow("late");
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([]);
    expect(finals).toEqual(["final"]);
  });
});
