import { type AutoSourceControls, type AutoSourceOptions, createAutoSwitch } from "../source-switch.ts";
import type { NewsProvider } from "./news-provider.ts";

/**
 * NEWS_PROVIDER=auto: the RSS feeds when they answer, else the shipped archive; see ../source-switch.ts for when it
 * switches.
 *
 * A probe reads the feeds (at least one must answer with at least one item). While the feeds serve, a refresh in
 * which every feed fails switches to the archive at once and resolves: the news service's refresh reads the archive
 * right after, and no caller sees the outage. Items read from the feeds are kept by the feed adapter, so they are
 * there again when the feeds come back, and an item's detail is found in whichever source holds it.
 */

export interface AutoNewsOptions extends AutoSourceOptions<"archive"> {
  archive: NewsProvider;
  live: NewsProvider;
}

export interface AutoNews extends NewsProvider, AutoSourceControls {
  /** the kind of the source serving now */
  readonly kind: "archive" | "live";
}

export class EmptyFeedsError extends Error {
  override name = "EmptyFeedsError";
  constructor() {
    super("the news feeds hold no item");
  }
}

export function openAutoNews(options: AutoNewsOptions): AutoNews {
  const { archive, live } = options;
  const switcher = createAutoSwitch(options, "archive", {
    topic: "news",
    names: { live: "the news feeds", fallback: "the archive" },
    async check() {
      await live.refresh?.();
      if ((await live.latest({ limit: 1 })).items.length === 0) throw new EmptyFeedsError();
    },
  });
  const current = () => (switcher.live ? live : archive);

  return {
    get kind() {
      return current().kind;
    },
    async refresh() {
      const source = current();
      if (source !== live) return archive.refresh?.();
      try {
        await live.refresh?.();
      } catch (error) {
        switcher.failed(error);
        await archive.refresh?.();
      }
    },
    latest: (query) => current().latest(query),
    search: (query, searchOptions) => current().search(query, searchOptions),
    // an item opened from a list the other source served is still found (both look it up in memory)
    get: async (id) => {
      const source = current();
      return (await source.get(id)) ?? (await (source === live ? archive : live).get(id));
    },
    probe: () => switcher.probe(),
    start: () => switcher.start(),
    stop: () => switcher.stop(),
  };
}
