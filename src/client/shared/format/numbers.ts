import { amountText } from "../../../contract/number-format.ts";
import { isDisplayable, type MaybeNumber, NO_VALUE } from "./no-value.ts";

/**
 * Large amounts (volumes, market caps, supplies) as spec §5 writes them (src/contract/number-format.ts, the same
 * text the chat's answers and the bot use): "1,315.53B", "4.56M", "12,345.67", or NO_VALUE.
 */
export function formatCompactNumber(value: MaybeNumber): string {
  return isDisplayable(value) ? amountText(value) : NO_VALUE;
}
