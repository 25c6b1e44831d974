import type { Update } from "grammy/types";
import { describe, expect, it } from "vitest";
import { createUpdateDispatcher, orderingKey } from "./dispatcher.ts";

const message = (updateId: number, chatId: number) =>
  ({
    update_id: updateId,
    message: { message_id: updateId, date: 0, chat: { id: chatId, type: "private", first_name: "A" }, text: "hi" },
  }) as Update;

describe("the update dispatcher", () => {
  it("handles an update once, one chat's updates in order, and reports when all are done", async () => {
    const claimed = new Set<number>();
    const handled: number[] = [];
    const releases = new Map<number, () => void>();
    const dispatcher = createUpdateDispatcher({
      maxInFlight: 10,
      claim: async (id) => !claimed.has(id) && Boolean(claimed.add(id)),
      handle: (update) =>
        new Promise<void>((resolve) => {
          releases.set(update.update_id, () => {
            handled.push(update.update_id);
            resolve();
          });
        }),
    });
    expect(await dispatcher.accept(message(1, 10))).toBe("accepted");
    expect(await dispatcher.accept(message(2, 10))).toBe("accepted");
    expect(await dispatcher.accept(message(3, 20))).toBe("accepted");
    expect(await dispatcher.accept(message(1, 10))).toBe("duplicate");
    await Promise.resolve();
    // the second update of chat 10 waits for the first; chat 20 runs alongside
    expect([...releases.keys()].sort()).toEqual([1, 3]);
    releases.get(3)?.();
    releases.get(1)?.();
    await new Promise((resolve) => setImmediate(resolve));
    releases.get(2)?.();
    await dispatcher.idle();
    expect(handled).toEqual([3, 1, 2]);
    expect(dispatcher.inFlight).toBe(0);
  });

  it("keys an update by its chat, else its user, else itself, whatever parts are missing", () => {
    expect(orderingKey(message(1, 5))).toBe("c5");
    expect(orderingKey({ update_id: 2, inline_query: { from: { id: 9 } } } as Update)).toBe("c9");
    expect(orderingKey({ update_id: 3, message: {} } as Update)).toBe("u3");
    expect(orderingKey({ update_id: 4 } as Update)).toBe("u4");
  });
});
