import type { SanctionsSettings, SanctionsSource } from "../../config-compliance.ts";
import type { Logger } from "../../logger.ts";
import type { Clock } from "../../providers/clock.ts";
import type { Timers } from "../../providers/timers.ts";
import { UpstreamError } from "../../providers/upstream/upstream.ts";
import { callUpstream } from "../../providers/upstream/upstream-call.ts";
import { indexLists, isListed, parseAddressList, type SanctionsIndex } from "./sanctions-list.ts";
import { loadShippedSanctions, type ShippedSanctions } from "./shipped-sanctions.ts";

/**
 * The OFAC sanctions lists the product enforces: swaps, deposits, wallet sign-in and the AI wallet ask
 * `isSanctioned` before anything moves. The shipped snapshot (data/compliance) is used from the start; with
 * SANCTIONS_LIST_URL each node also fetches the maintained lists itself, at start and every
 * SANCTIONS_REFRESH_HOURS. A fetched list replaces its asset's list only when it is a list: every line an address,
 * and not implausibly short (a truncated file, an error page, the wrong file). Otherwise the last good list stays,
 * and the failure is logged once until that list refreshes again.
 */

/** What the checks need: whether an address is on the list. */
export interface SanctionsCheck {
  isSanctioned(address: string): boolean;
}

export interface SanctionsListInfo {
  asset: string;
  count: number;
  asOf: Date;
  /** where the list in use came from: the shipped snapshot, or the configured URL */
  from: "shipped" | "refreshed";
}

export type RefreshOutcome = { asset: string; ok: true; count: number } | { asset: string; ok: false; reason: string };

export interface Sanctions extends SanctionsCheck {
  /** the oldest of the lists in use: every list is at least this recent */
  asOf(): Date;
  /** where the lists in use come from, in words for logs and answers */
  source(): string;
  lists(): SanctionsListInfo[];
  /** fetches the configured lists now (the timer's work); concurrent calls share one fetch; never throws */
  refresh(): Promise<RefreshOutcome[]>;
  /** stops the timers and abandons a fetch in flight */
  stop(): void;
}

export interface SanctionsDeps {
  clock: Clock;
  timers: Timers;
  logger: Logger;
  /** the snapshot to start from (default: data/compliance) */
  shipped?: ShippedSanctions;
  /** how long one list's fetch may take */
  timeoutMs?: number;
}

/** A fetched list shorter than this share of the shipped one is refused as implausible (a legal delisting is not). */
export const MIN_SHARE_OF_SHIPPED = 0.25;
/** After a failed refresh the next try comes this soon (or at the refresh interval, when that is sooner). */
export const RETRY_AFTER_FAILURE_MS = 3_600_000;
/** A list is a few thousand lines at most; a larger answer is not one. */
const MAX_LIST_BYTES = 4_000_000;
const DEFAULT_TIMEOUT_MS = 30_000;

interface ListInUse {
  addresses: readonly string[];
  asOf: Date;
  from: "shipped" | "refreshed";
}

/** the URL as logged: without its query, which may carry a token */
const shown = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export function createSanctions(settings: SanctionsSettings, deps: SanctionsDeps): Sanctions {
  const { clock, timers, logger } = deps;
  const shipped = deps.shipped ?? loadShippedSanctions();
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lists = new Map<string, ListInUse>();
  for (const [asset, addresses] of shipped.lists) lists.set(asset, { addresses, asOf: shipped.asOf, from: "shipped" });
  let index: SanctionsIndex = indexLists([...lists.values()].map((list) => list.addresses));
  /** the failure last logged per asset, so a list that keeps failing is logged once */
  const failing = new Map<string, string>();
  const controller = new AbortController();
  let inFlight: Promise<RefreshOutcome[]> | undefined;
  let stopped = false;

  async function fetchList(source: SanctionsSource): Promise<RefreshOutcome> {
    const { asset } = source;
    let text: string;
    try {
      const answer = await callUpstream(`sanctions list ${asset}`, source.url, {
        timeoutMs,
        signal: controller.signal,
        headers: { accept: "text/plain, */*;q=0.5" },
      });
      if (!answer.ok) return { asset, ok: false, reason: `answered ${answer.status}` };
      if (answer.bytes.length > MAX_LIST_BYTES) return { asset, ok: false, reason: "the answer is too large" };
      text = answer.text();
    } catch (error) {
      return { asset, ok: false, reason: error instanceof UpstreamError ? error.detail : String(error) };
    }
    const parsed = parseAddressList(text);
    if (!parsed.ok) return { asset, ok: false, reason: `not a list of addresses (${parsed.reason})` };
    const minimum = Math.max(1, Math.ceil((shipped.lists.get(asset)?.length ?? 0) * MIN_SHARE_OF_SHIPPED));
    if (parsed.addresses.length < minimum) {
      return { asset, ok: false, reason: `only ${parsed.addresses.length} addresses, at least ${minimum} expected` };
    }
    // a refresh adds to the shipped snapshot and never drops from it: a wrong mirror or a tampered answer cannot
    // un-list an address the product shipped as sanctioned (a delisting reaches the product with a new snapshot)
    const addresses = [...new Set([...(shipped.lists.get(asset) ?? []), ...parsed.addresses])];
    const before = new Set(lists.get(asset)?.addresses);
    const added = addresses.filter((address) => !before.delete(address)).length;
    lists.set(asset, { addresses, asOf: clock.now(), from: "refreshed" });
    if (added > 0 || before.size > 0) {
      logger.info({ asset, count: addresses.length, added, removed: before.size }, "sanctions list refreshed");
    }
    return { asset, ok: true, count: addresses.length };
  }

  function report(source: SanctionsSource, outcome: RefreshOutcome) {
    const { asset } = source;
    if (outcome.ok) {
      if (failing.delete(asset)) logger.info({ asset }, "sanctions list refresh works again");
      return;
    }
    if (failing.has(asset)) {
      logger.debug({ asset, reason: outcome.reason }, "sanctions list refresh still failing");
    } else {
      logger.warn(
        { asset, url: shown(source.url), reason: outcome.reason },
        "sanctions list refresh failed; the last good list stays in use",
      );
    }
    failing.set(asset, outcome.reason);
  }

  let stopRetry = () => {};
  const refreshMs = settings.refreshHours * 3_600_000;

  async function refreshAll(): Promise<RefreshOutcome[]> {
    const outcomes = await Promise.all(settings.sources.map((source) => fetchList(source)));
    if (stopped) return outcomes;
    for (const [i, source] of settings.sources.entries()) report(source, outcomes[i] as RefreshOutcome);
    // one index of every list in use, swapped in whole: a check sees the old lists or the new, never half
    if (outcomes.some((outcome) => outcome.ok)) index = indexLists([...lists.values()].map((list) => list.addresses));
    stopRetry();
    if (outcomes.some((outcome) => !outcome.ok)) {
      stopRetry = timers.after(Math.min(refreshMs, RETRY_AFTER_FAILURE_MS), () => void refresh());
    }
    return outcomes;
  }

  function refresh(): Promise<RefreshOutcome[]> {
    if (stopped || settings.sources.length === 0) return Promise.resolve([]);
    inFlight ??= refreshAll().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  const stopEvery = settings.sources.length > 0 ? timers.every(refreshMs, () => void refresh()) : () => {};
  logger.info(
    {
      addresses: index.evm.size + index.exact.size,
      asOf: dayOf(shipped.asOf),
      refreshFrom: settings.sources.map((source) => source.asset),
    },
    "sanctions lists loaded",
  );
  void refresh();

  return {
    isSanctioned: (address) => isListed(index, address),
    asOf() {
      let oldest = clock.now();
      for (const list of lists.values()) if (list.asOf < oldest) oldest = list.asOf;
      return oldest;
    },
    source() {
      const refreshed = [...lists].filter(([, list]) => list.from === "refreshed").map(([asset]) => asset);
      const snapshot = `shipped snapshot of ${dayOf(shipped.asOf)} (${shipped.source})`;
      if (refreshed.length === 0) return snapshot;
      const fetched = `${refreshed.join(", ")} refreshed from SANCTIONS_LIST_URL`;
      return refreshed.length === lists.size ? fetched : `${fetched}; the others from the ${snapshot}`;
    },
    lists: () =>
      [...lists].map(([asset, list]) => ({ asset, count: list.addresses.length, asOf: list.asOf, from: list.from })),
    refresh,
    stop() {
      stopped = true;
      stopEvery();
      stopRetry();
      controller.abort();
    },
  };
}
