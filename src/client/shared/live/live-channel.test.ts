import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHttpClient } from "../api/http.ts";
import { createTokenStore } from "../storage/token-store.ts";
import { stubApi } from "../testing/stub-api.ts";
import { FakeEventSource } from "./fake-event-source.ts";
import { backoffDelay, fetchPushTicket, openLiveChannel } from "./live-channel.ts";
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

/** The ticket query parameter of each stream opened so far (null: a visitor's stream). */
const ticketsOpened = () =>
  FakeEventSource.instances.map((source) => new URL(source.url, "http://x").searchParams.get("ticket"));

/** A login the test switches by hand, and a ticket office that answers when the test says. */
function signedInChannel() {
  const loginListeners = new Set<() => void>();
  let account: string | null = "alice";
  let issued = 0;
  const pending: { account: string; resolve: (ticket: string) => void; reject: (error: Error) => void }[] = [];
  const ticket = vi.fn(() => {
    if (account === null) return undefined;
    const who = account;
    return new Promise<string>((resolve, reject) => pending.push({ account: who, resolve, reject }));
  });
  const controller = new AbortController();
  const handle = openLiveChannel({
    lang: "en",
    signal: controller.signal,
    createEventSource: (url) => new FakeEventSource(url),
    minDelayMs: 1_000,
    maxDelayMs: 8_000,
    ticket,
    onLoginChange: (listener) => {
      loginListeners.add(listener);
      return () => loginListeners.delete(listener);
    },
  });
  return {
    handle,
    controller,
    ticket,
    loginListeners,
    /** answers the oldest ticket request with a new ticket for the account that asked */
    async issue() {
      const request = pending.shift();
      if (!request) throw new Error("no ticket was asked for");
      issued += 1;
      request.resolve(`${request.account}-${issued}`);
      await vi.advanceTimersByTimeAsync(0);
    },
    async refuse() {
      pending.shift()?.reject(new Error("Serverbusy"));
      await vi.advanceTimersByTimeAsync(0);
    },
    switchLogin(next: string | null) {
      account = next;
      for (const listener of loginListeners) listener();
    },
  };
}

describe("live channel with a push ticket", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the stream with a ticket of the signed-in account and delivers its alarms", async () => {
    const channel = signedInChannel();
    const alarms = vi.fn();
    channel.handle.subscribe("alarm", alarms);
    // nothing opens before the ticket is in hand: the stream must name the account from its first event
    expect(FakeEventSource.instances).toHaveLength(0);
    await channel.issue();
    expect(FakeEventSource.latest().url).toMatch(/^\/v2\/api\/push\?lang=en&deviceNo=[0-9a-f]{32}&ticket=alice-1$/);
    const event = { alarm: { id: 3, coinPair: "ETH/USDT" }, market: { mode: "replay" } };
    FakeEventSource.latest().emit("alarm", event);
    expect(alarms).toHaveBeenCalledWith(event);
  });

  it("asks a fresh ticket for every reconnect, never reusing one that may have expired", async () => {
    const channel = signedInChannel();
    await channel.issue();
    FakeEventSource.latest().fail();
    expect(channel.ticket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(channel.ticket).toHaveBeenCalledTimes(2);
    await channel.issue();
    expect(ticketsOpened()).toEqual(["alice-1", "alice-2"]);
  });

  it("opens a visitor's stream when no ticket can be had, so ticks still arrive, and asks again with backoff", async () => {
    const channel = signedInChannel();
    const ticks = vi.fn();
    channel.handle.subscribe("tick", ticks);
    await channel.refuse();
    // rate limited or a server error: prices and news go on without the account's alarms
    expect(ticketsOpened()).toEqual([null]);
    const visitor = FakeEventSource.latest();
    visitor.open();
    const tick = { at: "2026-03-02T12:00:00Z", ticks: [{ coinAbbr: "BTC", lastPrice: 1, change: null }] };
    visitor.emit("tick", tick);
    expect(ticks).toHaveBeenCalledWith(tick);

    await vi.advanceTimersByTimeAsync(999);
    expect(channel.ticket).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.ticket).toHaveBeenCalledTimes(2);
    // refused again: the visitor's stream stays as it is, and the next ask waits twice as long
    await channel.refuse();
    expect(ticketsOpened()).toEqual([null]);
    expect(visitor.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(channel.ticket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(channel.ticket).toHaveBeenCalledTimes(3);

    // the ticket comes: the stream is reopened as the account, and no more asks are pending
    await channel.issue();
    expect(ticketsOpened()).toEqual([null, "alice-1"]);
    expect(visitor.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(channel.ticket).toHaveBeenCalledTimes(3);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it("reconnects once when the visitor's stream fails while a ticket ask is pending", async () => {
    const channel = signedInChannel();
    await channel.refuse();
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(channel.ticket).toHaveBeenCalledTimes(2);
    await channel.refuse();
    expect(ticketsOpened()).toEqual([null, null]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(channel.ticket).toHaveBeenCalledTimes(3);
    await channel.issue();
    expect(ticketsOpened()).toEqual([null, null, "alice-1"]);
  });

  it("reopens at once on a change of login: another account's ticket, then a visitor's stream without one", async () => {
    const channel = signedInChannel();
    await channel.issue();
    const first = FakeEventSource.latest();
    channel.switchLogin("bob");
    expect(first.closed).toBe(true);
    await channel.issue();
    channel.switchLogin(null);
    expect(ticketsOpened()).toEqual(["alice-1", "bob-2", null]);
    expect(FakeEventSource.instances.slice(0, 2).every((source) => source.closed)).toBe(true);
  });

  it("drops a ticket asked for the login before: the stream opens for the current one only", async () => {
    const channel = signedInChannel();
    channel.switchLogin("bob");
    // alice's ticket arrives after the switch; bob's request is the one that counts
    await channel.issue();
    expect(FakeEventSource.instances).toHaveLength(0);
    await channel.issue();
    expect(ticketsOpened()).toEqual(["bob-2"]);
  });

  it("stops watching the login and drops a pending ticket when aborted", async () => {
    const channel = signedInChannel();
    channel.controller.abort();
    expect(channel.loginListeners.size).toBe(0);
    await channel.issue();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});

describe("push ticket", () => {
  it("asks the server for a ticket with the login token, and nothing for a visitor", async () => {
    const api = stubApi(() => ({ data: { ticket: "t-123", expiresAt: 1_772_452_860_000 } }));
    const tokens = createTokenStore("ticket-test-token");
    const client = createHttpClient({
      tokenStore: tokens,
      getDeviceNo: () => "d".repeat(32),
      getApiKey: () => undefined,
    });
    expect(fetchPushTicket({ tokens, client })).toBeUndefined();
    expect(api.calls).toHaveLength(0);
    tokens.set("token-1");
    await expect(fetchPushTicket({ tokens, client })).resolves.toBe("t-123");
    expect(api.calls).toMatchObject([{ method: "POST", path: "push/ticket" }]);
    expect(api.calls[0]?.headers.get("authorization")).toBe("Bearer token-1");
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
