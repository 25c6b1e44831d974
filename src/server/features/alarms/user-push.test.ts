import { describe, expect, it } from "vitest";
import type { LimitOrder } from "../../../contract/ai-wallet.ts";
import { createMemoryPubSub } from "../../providers/pubsub.ts";
import { createUserPush, readUserPushes, USER_PUSH_CHANNEL } from "./user-push.ts";

const token = (symbol: string) => ({ address: "0x0", symbol, decimals: 18, chainId: 31337, logoURI: null });
const order: LimitOrder = {
  orderId: "LO20300101000000ABCDEF12",
  chainId: 31337,
  side: "sell",
  baseSymbol: "ETH",
  fromToken: token("ETH"),
  toToken: token("USDT"),
  fromAmount: "0.1",
  limitPrice: 3000,
  slippage: "1",
  status: "completed",
  statusReason: null,
  triggerPrice: 3650,
  swapOrderId: "SW20300101000000ABCDEF12",
  receivedAmount: "350",
  createdAt: "2030-01-01T00:00:00.000Z",
  expiresAt: "2030-01-08T00:00:00.000Z",
  executedAt: "2030-01-01T00:01:00.000Z",
};

describe("per-account push events through pubsub", () => {
  it("carries each event with its account to every subscriber, in messages of at most 200", async () => {
    const pubsub = createMemoryPubSub();
    const messages: string[] = [];
    await pubsub.subscribe(USER_PUSH_CHANNEL, (message) => messages.push(message));
    const pushes = Array.from({ length: 201 }, (_, i) => ({ userId: i, event: "limitOrder" as const, data: order }));
    await createUserPush(pubsub).send(pushes);
    expect(messages).toHaveLength(2);
    expect(messages.flatMap(readUserPushes)).toEqual(pushes);
  });

  it("leaves out what is not an account's event (another version's, damaged) and keeps the rest", () => {
    const good = { userId: 7, event: "limitOrder", data: order };
    const message = JSON.stringify([
      good,
      { userId: 7, event: "tick", data: {} },
      { userId: "7", event: "limitOrder", data: order },
      { userId: 7, event: "limitOrder", data: { ...order, status: "unheard of" } },
      { userId: 7, event: "alarm", data: order },
    ]);
    expect(readUserPushes(message)).toEqual([good]);
    expect(readUserPushes("not json")).toEqual([]);
    expect(readUserPushes(JSON.stringify(good))).toEqual([]);
  });
});
