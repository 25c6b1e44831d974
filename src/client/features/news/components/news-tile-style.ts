/** Articles carry no pictures, so each hot-news tile gets a gradient generated from its source name. */
export function sourceGradient(source: string): string {
  let hash = 0;
  for (const char of source) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  return `linear-gradient(135deg, hsl(${hue} 65% 38%), hsl(${(hue + 50) % 360} 70% 22%))`;
}
