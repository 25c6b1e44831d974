import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { openEcbRates } from "./ecb-rates.ts";
import type { FiatCurrency, FxProvider, FxQuote } from "./fx-rates.ts";
import { selectFx } from "./fx-selector.ts";

const at = (iso: string) => Date.parse(iso);

/** A live source the test drives: a rate of its own per call, or a failure. */
function liveSource() {
  const asked: number[] = [];
  let failure: Error | undefined;
  const source: FxProvider = {
    kind: "live",
    async rate(currency: FiatCurrency, time: number): Promise<FxQuote> {
      asked.push(time);
      if (failure) throw failure;
      return { currency, perUsd: 0.9, date: "2026-04-10", source: "ECB reference rate", carriedForward: false };
    },
  };
  return {
    source,
    asked,
    fail(error: Error | undefined) {
      failure = error;
    },
  };
}

async function setUp(kind: "replay" | "live") {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString("utf8")) as { level: number; msg: string });
      done();
    },
  });
  const market = { kind };
  const live = liveSource();
  const fx = selectFx({
    market: () => market.kind,
    live: live.source,
    archive: await openEcbRates(),
    logger: pino({ level: "info" }, sink),
  });
  return { fx, live, market, lines };
}

describe("the FX source that goes with the market", () => {
  it("reads the shipped rates at the replay's time while the replay serves", async () => {
    const { fx, live } = await setUp("replay");
    expect(fx.kind).toBe("archive");
    expect(await fx.rate("EUR", at("2026-03-28T12:00:00Z"))).toMatchObject({
      perUsd: 0.868282,
      date: "2026-03-27",
      carriedForward: true,
    });
    expect(live.asked).toEqual([]);
  });

  it("follows the market's kind on every call, as MARKET_PROVIDER=auto switches", async () => {
    const { fx, live, market } = await setUp("replay");
    market.kind = "live";
    expect(fx.kind).toBe("live");
    expect(await fx.rate("EUR", at("2026-04-10T16:00:00Z"))).toMatchObject({ perUsd: 0.9, date: "2026-04-10" });
    market.kind = "replay";
    expect(await fx.rate("EUR", at("2026-03-10T16:00:00Z"))).toMatchObject({ date: "2026-03-10" });
    expect(live.asked).toHaveLength(1);
  });

  it("stands in with the shipped rate when the live source fails on a day the file covers, else has none", async () => {
    const { fx, live, lines } = await setUp("live");
    live.fail(new Error("offline"));
    expect(await fx.rate("CNY", at("2026-03-31T18:00:00Z"))).toMatchObject({
      perUsd: 6.900417,
      date: "2026-03-31",
      carriedForward: false,
    });
    // past the file's last day its last rate would be a guess
    expect(await fx.rate("CNY", at("2026-04-01T18:00:00Z"))).toBeUndefined();
    expect(await fx.rate("USD", at("2026-04-01T18:00:00Z"))).toMatchObject({ perUsd: 1 });
    // one line when it starts failing, one when it answers again
    live.fail(undefined);
    expect(await fx.rate("CNY", at("2026-04-01T18:00:00Z"))).toMatchObject({ perUsd: 0.9 });
    expect(lines.map((line) => line.msg)).toEqual([
      "live FX rates not reachable; using the shipped ECB rates for the days they cover, else showing US dollars",
      "live FX rates answer again",
    ]);
  });
});
