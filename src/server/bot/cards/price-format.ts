import { priceText } from "../../../contract/price-format.ts";

/** Prices as the app shows them (spec §5, src/contract/price-format.ts); "—" for a value that is not a number. */
export function displayPrice(value: number): string {
  return Number.isFinite(value) ? priceText(value) : "—";
}
