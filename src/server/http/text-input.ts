/**
 * Text the server will not take: NUL (PostgreSQL's text cannot hold it) and lone UTF-16 surrogates (not Unicode,
 * so neither UTF-8 nor the database can encode them). Any other control character is left to each field's schema.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/**
 * The path of the first string (a value or an object key) in a request's input that is not storable text, or
 * undefined when all are. The walk uses its own stack, so however deep the input it cannot overflow the call stack.
 */
export function firstUnstorableText(input: unknown): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      if (!isStorableText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], path: [...path, index] });
    } else if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        if (!isStorableText(key)) return [...path, key];
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return undefined;
}
