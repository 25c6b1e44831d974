import type { PredictInterval } from "../../../contract/predict.ts";
import type { Logger } from "../../logger.ts";
import { loadShippedRecords, type ShippedRecords } from "../../providers/predict/shipped-records.ts";
import { MODEL_VERSION } from "./engine/index.ts";
import type { ShippedSummaries } from "./predict.service.ts";
import type { OriginSummary } from "./record.ts";

/**
 * The shipped walk-forward summaries, read on first use. Records of another model version are not this model's
 * record: they are left unused (the service then tests the coin itself) and the start says so once.
 */
export function shippedSummaries(
  logger: Logger,
  load: () => Promise<ShippedRecords> = loadShippedRecords,
): ShippedSummaries {
  let records: Promise<ShippedRecords | undefined> | undefined;
  return async (symbol: string, interval: PredictInterval): Promise<readonly OriginSummary[] | undefined> => {
    records ??= load().then(
      (file) => {
        if (file.modelVersion === MODEL_VERSION) return file;
        logger.warn(
          { shipped: file.modelVersion, engine: MODEL_VERSION },
          "the shipped forecast records are of another model version; records are computed instead",
        );
        return undefined;
      },
      (error: unknown) => {
        logger.warn({ err: error }, "shipped forecast records not readable; records are computed instead");
        return undefined;
      },
    );
    return (await records)?.origins(symbol, interval);
  };
}
