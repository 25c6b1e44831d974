import { formatPoints } from "../../../shared/format/points.ts";

/** A ledger entry's amount with its sign: "+15" for a credit, "−200" for a debit (a true minus sign). */
export function signedPoints(amount: number): string {
  const figure = formatPoints(Math.abs(amount));
  if (amount > 0) return `+${figure}`;
  if (amount < 0) return `\u2212${figure}`;
  return figure;
}
