import type { Logger } from "../../logger.ts";
import type { EcbRates } from "./ecb-rates.ts";
import { type FiatCurrency, type FxProvider, type FxQuote, usdQuote } from "./fx-rates.ts";

/**
 * The FX source that goes with the market serving: the shipped ECB rates while the replay serves (at the replay's
 * market time), the live source while the live market does. It asks the market's kind on every call, so with
 * MARKET_PROVIDER=auto the rates follow each switch between replay and live.
 *
 * When the live source fails (or has no rate), the shipped file's rate stands in, but only for a day the file
 * covers: past its last day its last rate would be a stale guess, and there is no rate at all.
 */

export interface FxSelectorOptions {
  /** the kind of the market source serving now */
  market: () => "replay" | "live";
  live: FxProvider;
  archive: EcbRates;
  logger: Logger;
}

export interface FxSelector extends FxProvider {
  /** "archive" while the replay serves, "live" while the live market does */
  readonly kind: "archive" | "live";
}

export function selectFx(options: FxSelectorOptions): FxSelector {
  const { live, archive, logger } = options;
  let liveFailing = false;

  const fallback = (currency: FiatCurrency, at: number) =>
    archive.covers(at) ? archive.rate(currency, at) : Promise.resolve(undefined);

  async function fromLive(currency: FiatCurrency, at: number): Promise<FxQuote | undefined> {
    let quote: FxQuote | undefined;
    try {
      quote = await live.rate(currency, at);
    } catch (error) {
      if (!liveFailing) {
        liveFailing = true;
        logger.warn(
          { err: error, covered: `${archive.firstDate}..${archive.lastDate}` },
          "live FX rates not reachable; using the shipped ECB rates for the days they cover, else showing US dollars",
        );
      }
      return fallback(currency, at);
    }
    if (liveFailing) {
      liveFailing = false;
      logger.info("live FX rates answer again");
    }
    return quote ?? fallback(currency, at);
  }

  return {
    get kind() {
      return options.market() === "live" ? "live" : "archive";
    },
    async rate(currency, at) {
      if (currency === "USD") return usdQuote(at);
      return options.market() === "live" ? fromLive(currency, at) : archive.rate(currency, at);
    },
  };
}
