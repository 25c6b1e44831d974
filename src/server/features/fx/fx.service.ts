import type { FiatCurrency, FxRateData } from "../../../contract/fx.ts";
import type { FxProvider } from "../../providers/fx/fx-rates.ts";

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

export interface FxServiceDeps {
  /** the FX source of the market serving (providers/fx/fx-selector.ts) */
  rates: FxProvider;
  /** the market time: the replay clock's, or now for the live market */
  marketTime: () => number;
}

/** The rate prices are converted with: the one in force at the market time, named by its source and date. */
export function createFxService(deps: FxServiceDeps) {
  return {
    async rateNow(currency: FiatCurrency): Promise<FxRateData> {
      const at = deps.marketTime();
      const quote = await deps.rates.rate(currency, at);
      return {
        currency,
        marketDate: isoDay(at),
        perUsd: quote?.perUsd ?? null,
        date: quote?.date ?? null,
        source: quote?.source ?? null,
        carriedForward: quote?.carriedForward ?? false,
      };
    },
  };
}

export type FxService = ReturnType<typeof createFxService>;
