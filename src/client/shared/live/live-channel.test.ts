import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "./fake-event-source.ts";
import { backoffDelay, openLiveChannel } from "./live-channel.ts";
import { createLiveHub } from "./live-hub.ts";

function open(lang: "en" | "cn" = "en") {
  const controller = new AbortController();
  const handle = openLiveChannel({
    lang,
    signal: controller.signal,
    createEventSource: (url) => new FakeEventSource(url),
    minDelayMs: 1_000,
    maxDelayMs: 8_000,
  });
  return { controller, handle };
}

describe("live channel", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the push stream in the given language and delivers parsed events", () => {
    const { handle } = open("cn");
    const ticks = vi.fn();
    handle.subscribe("tick", ticks);
    const source = FakeEventSource.latest();
    expect(source.url).toMatch(/^\/v2\/api\/push\?lang=cn&deviceNo=[0-9a-f]{32}$/);
    const tick = { at: "2026-03-02T12:00:00Z", ticks: [{ coinAbbr: "BTC", lastPrice: 1, change: null }] };
    source.emit("tick", tick);
    source.emit("tick", "not json");
    expect(ticks).toHaveBeenCalledTimes(1);
    expect(ticks).toHaveBeenCalledWith(tick);
  });

  it("reconnects after errors with exponential backoff, reset by a successful open", () => {
    open();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failing = FakeEventSource.latest();
      const before = FakeEventSource.instances.length;
      failing.fail();
      expect(failing.closed).toBe(true);
      let waited = 0;
      while (FakeEventSource.instances.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    FakeEventSource.latest().open();
    const before = FakeEventSource.instances.length;
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances.length).toBe(before + 1);
  });

  it("closes and stops reconnecting when aborted", () => {
    const { controller } = open();
    const source = FakeEventSource.latest();
    source.fail();
    controller.abort();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(source.closed).toBe(true);
  });

  it("computes capped doubling delays", () => {
    expect([0, 1, 2, 3, 10].map((attempt) => backoffDelay(attempt, 500, 5_000))).toEqual([
      500, 1_000, 2_000, 4_000, 5_000,
    ]);
  });
});

describe("live hub", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const hub = () =>
    createLiveHub(
      (options) => openLiveChannel({ ...options, createEventSource: (url) => new FakeEventSource(url) }),
      1_000,
    );

  it("shares one stream and reopens it in the new language, keeping its listeners", () => {
    const live = hub();
    const news = vi.fn();
    live.subscribe("news", news);
    const releaseA = live.retain("en");
    const releaseB = live.retain("en");
    expect(FakeEventSource.instances.map((source) => new URL(source.url, "http://x").searchParams.get("lang"))).toEqual(
      ["en"],
    );
    releaseA();
    releaseB();
    const releaseC = live.retain("cn");
    const [english, chinese] = FakeEventSource.instances;
    expect(english?.closed).toBe(true);
    expect(chinese?.url).toMatch(/^\/v2\/api\/push\?lang=cn&deviceNo=/);
    chinese?.emit("news", { title: "标题" });
    expect(news).toHaveBeenCalledWith({ title: "标题" });
    releaseC();
    vi.advanceTimersByTime(999);
    expect(chinese?.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(chinese?.closed).toBe(true);
  });
});
