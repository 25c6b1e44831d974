import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, type StandIn, startStandIn, upstreamFailure } from "../upstream/stand-in.ts";
import { createFearGreedIndex } from "./fear-greed-index.ts";
import { fearGreedFixtures } from "./fixtures/stand-ins.ts";

let standIn: StandIn;
beforeEach(async () => {
  standIn = await startStandIn(fearGreedFixtures());
});
afterEach(async () => {
  await standIn.close();
});

const index = () => createFearGreedIndex({ url: `${standIn.url}/fng/`, upstream: { timeoutMs: 1_500, retries: 0 } });

const failure = upstreamFailure;

describe("fear-and-greed index", () => {
  it("reads the last days newest first, timestamps in ms", async () => {
    const fng = index();
    expect(fng.name).toBe(`Fear and Greed Index (${new URL(standIn.url).host})`);
    const days = await fng.days(30);
    expect(days).toHaveLength(30);
    expect(days.slice(0, 2)).toEqual([
      { value: 12, classification: "Extreme Fear", timestamp: Date.parse("2026-03-31T00:00:00Z") },
      { value: 15, classification: "Extreme Fear", timestamp: Date.parse("2026-03-30T00:00:00Z") },
    ]);
    expect(days.at(-1)).toEqual({ value: 29, classification: "Fear", timestamp: Date.parse("2026-03-02T00:00:00Z") });
    expect(standIn.requests).toEqual(["/fng/?limit=30&format=json"]);
  });

  it("keeps a configured address without a trailing slash as it is", async () => {
    standIn.handle(({ path }) => (path === "/v1/fng" ? json({ data: [], metadata: { error: null } }) : undefined));
    await expect(createFearGreedIndex({ url: `${standIn.url}/v1/fng` }).days(1)).resolves.toEqual([]);
  });

  it("reports the source's own error, a changed payload and silence as upstream failures", async () => {
    standIn.handle(() => json({ name: "Fear and Greed Index", data: [], metadata: { error: "Internal error" } }));
    const reported = await failure(index().days(30));
    expect(reported).toMatchObject({ kind: "malformed" });
    expect(reported.message).toBe("fear-greed: reported an error: Internal error");

    standIn.handle(() => json({ data: [{ value: "140", value_classification: "Greed", timestamp: "1774915200" }] }));
    expect((await failure(index().days(1))).kind).toBe("malformed");

    standIn.handle(() => ({ hang: true }));
    expect((await failure(index().days(1))).kind).toBe("timeout");
  });
});
