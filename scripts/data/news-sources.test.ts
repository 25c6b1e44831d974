import { describe, expect, it } from "vitest";
import {
  parseJsDateString,
  parseNaiveLocal,
  parseRfc2822,
  parseUtcTimestamp,
  parseVotes,
  readCryptopanic,
  readReuters,
  SZNMELVIN_UTC_OFFSET,
} from "./news-sources.ts";

describe("source dates", () => {
  it("reads French-locale JavaScript date strings by their numeric offset", () => {
    expect(parseJsDateString("Fri Feb 07 2025 08:29:27 GMT+0100 (heure normale d’Europe centrale)")).toBe(
      "2025-02-07T07:29:27.000Z",
    );
    expect(parseJsDateString("Sat Sep 21 2024 21:50:12 GMT+0200 (heure d’été d’Europe centrale)")).toBe(
      "2024-09-21T19:50:12.000Z",
    );
    // 00:30 local on the 1st is the previous day in UTC
    expect(parseJsDateString("Sun Dec 01 2024 00:30:00 GMT+0100 (heure normale d’Europe centrale)")).toBe(
      "2024-11-30T23:30:00.000Z",
    );
  });

  it("checks the weekday against the date", () => {
    expect(() => parseJsDateString("Thu Feb 07 2025 08:29:27 GMT+0100 (x)")).toThrow(/weekday/);
    expect(() => parseJsDateString("07/02/2025 08:29")).toThrow(/not a JavaScript date/);
  });

  it("reads RFC 2822, pandas UTC and zone-less local times", () => {
    expect(parseRfc2822("Thu, 20 Jun 2024 19:00:58 GMT")).toBe("2024-06-20T19:00:58.000Z");
    expect(parseRfc2822("Thu, 20 Jun 2024 21:00:58 +0200")).toBe("2024-06-20T19:00:58.000Z");
    expect(parseUtcTimestamp("2023-01-31 06:19:30.343000+00:00")).toBe("2023-01-31T06:19:30.343Z");
    expect(parseUtcTimestamp("2023-01-31 06:19:30+00:00")).toBe("2023-01-31T06:19:30.000Z");
    expect(parseNaiveLocal("2024-09-21 17:50:12", SZNMELVIN_UTC_OFFSET)).toBe("2024-09-21T19:50:12.000Z");
    expect(() => parseUtcTimestamp("2023-01-31 06:19:30+01:00")).toThrow(/UTC/);
  });
});

describe("source records", () => {
  it("counts votes, saves under one name", () => {
    expect(parseVotes("10 positive: votes, 8 important: votes, 1 save: votes, 2 saves: votes")).toEqual({
      positive: 10,
      important: 8,
      saves: 3,
    });
    expect(parseVotes("")).toBeNull();
    expect(() => parseVotes("many likes")).toThrow(/unreadable/);
  });

  it("reads cryptopanic rows whose titles span lines", () => {
    const text =
      'Time,Title,Source,Votes\nThu Feb 06 2025 16:37:00 GMT+0100 (x),"BREAKING: one\n\ntwo",@btc_archive,"1 like: votes"\n';
    expect(readCryptopanic(text, "cryptopanic")).toEqual([
      {
        title: "BREAKING: one\n\ntwo",
        content: null,
        url: null,
        source: "@btc_archive",
        publishedAt: "2025-02-06T15:37:00.000Z",
        votes: { like: 1 },
        origin: "cryptopanic",
      },
    ]);
  });

  it("reads the tab-separated Reuters file", () => {
    const text = "title\tsubheadlines\ttimestamp\nA\tB sub\t2021-02-09 06:11:40.601000+00:00\n";
    expect(readReuters(text, "reuters")[0]).toMatchObject({ title: "A", content: "B sub", source: "Reuters" });
  });
});
