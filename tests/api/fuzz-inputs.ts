/**
 * Seeded bad input for the API fuzz test: a small deterministic generator, plausible values derived from each
 * route's JSON Schema (so a case gets past the fields it does not break), and the ways a client can get a field,
 * a body, a query or a path wrong.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  minLength?: number;
  format?: string;
};

/** mulberry32: a tiny seeded generator, so every run sends the same requests. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
    /** `count` of `items`, in a seeded order (all of them when there are fewer) */
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, count);
    },
    /** text of random code points: ASCII, accents, CJK, emoji (surrogate pairs), RTL and combining marks */
    text(length: number): string {
      const ranges: [number, number][] = [
        [0x20, 0x7e],
        [0xc0, 0x17f],
        [0x4e00, 0x4fff],
        [0x1f600, 0x1f64f],
        [0x0590, 0x05ff],
        [0x0300, 0x036f],
      ];
      let out = "";
      for (let i = 0; i < length; i++) {
        const [from, to] = ranges[int(ranges.length)] as [number, number];
        out += String.fromCodePoint(from + int(to - from + 1));
      }
      return out;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Values that pass the product's common field rules, by field name, so cases reach past them. */
const PLAUSIBLE: Record<string, unknown> = {
  email: "fuzz@example.com",
  password: "secret12",
  verifyCode: "123456",
  msggroup: "1764057600000fuzz",
  coinAbbr: "BTC",
  a: "BTC",
  b: "ETH",
  interval: "1h",
  wallet_address: "0x52908400098527886E0F7030069857D2E4169EE7",
  address: `0:${"a".repeat(64)}`,
  deviceNo: "fuzzdevice0001",
  visitorId: "fuzzvisitor0001",
  code: "fuzzcode1234",
  id: "123",
  file: "BTC.svg",
  question: "How is BTC doing?",
  content: "The chart is slow",
  contact: "fuzz@example.com",
  userName: "fuzzer",
  keyword: "BT",
};

function firstOf(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

/** A value of the schema's shape (plausible where the field name is known), `depth` levels at most. */
export function plausible(schema: JsonSchema | undefined, name = "", depth = 0): unknown {
  if (name in PLAUSIBLE) return PLAUSIBLE[name];
  if (!schema) return "x";
  const chosen = firstOf(schema);
  if (chosen.enum && chosen.enum.length > 0) return chosen.enum[0];
  if (chosen.default !== undefined) return chosen.default;
  const type = Array.isArray(chosen.type) ? chosen.type[0] : chosen.type;
  switch (type) {
    case "integer":
    case "number":
      return chosen.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return depth > 3 ? [] : [plausible(chosen.items, "", depth + 1)];
    case "object": {
      if (depth > 3) return {};
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(chosen.properties ?? {})) {
        out[key] = plausible(property, key, depth + 1);
      }
      return out;
    }
    default:
      return "x".repeat(Math.max(1, chosen.minLength ?? 1));
  }
}

/** A value nested `depth` arrays deep. */
export const nested = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}1${"]".repeat(depth)}`);

/** Wrong values for one field: other types, empty, huge, NUL, lone surrogates, deep nesting, random text. */
export function badValues(random: Random): unknown[] {
  return [
    null,
    true,
    -1,
    1e308,
    0.5,
    "",
    " ",
    "x".repeat(70_000),
    "a\u0000b",
    "\uD800",
    "z\uDFFFz",
    [],
    {},
    { $ne: null },
    ["a", 1, null],
    nested(40),
    "'; drop table users; --",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    random.text(64),
    "9".repeat(40),
  ];
}

/** Wrong text for a query or path parameter (sent percent-encoded). */
export function badTexts(random: Random): string[] {
  return [
    "",
    " ",
    "x".repeat(6000),
    "a\u0000b",
    "-1",
    "1e309",
    "NaN",
    "0x10",
    "[]",
    "{}",
    "../../x",
    "%",
    "<script>",
    random.text(24),
  ];
}
