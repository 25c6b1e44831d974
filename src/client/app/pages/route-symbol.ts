/**
 * A coin's symbol as a route names it (/predict/:coinAbbr, /tokensData/:coinAbbr, /crypto/:coinCode): decoded and
 * upper-cased, or "" where the path segment is missing or not valid percent-encoding.
 */
export function symbolOf(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? "").toUpperCase();
  } catch {
    return "";
  }
}
