/**
 * Moves the decimal point of a finite number by `places` (negative = divide by 10^-places).
 *
 * Plain division can land on a neighbouring double (1.1e6 / 1e6 is fine, but not every quotient is), and the
 * formatters round from the shortest decimal form of a double. Rewriting the exponent of that shortest form
 * gives the double whose shortest form is the shifted decimal, so 999995000 becomes exactly "999.995".
 */
export function shiftDecimal(value: number, places: number): number {
  const [mantissa = "0", exponent = "0"] = value.toExponential().split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}
