/** A date (and optionally time) in the app's language; "" for a missing or unreadable value. */
export function formatDate(
  value: string | Date | null | undefined,
  locale: string,
  { withTime = false }: { withTime?: boolean } = {},
): string {
  if (value === null || value === undefined || value === "") return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const language = locale === "zh" ? "zh-CN" : locale;
  return new Intl.DateTimeFormat(
    language,
    withTime ? { dateStyle: "medium", timeStyle: "short" } : { dateStyle: "medium" },
  ).format(date);
}
