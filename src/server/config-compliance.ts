import { z } from "zod";
import { optionalString } from "./config-schemas.ts";

/**
 * The compliance settings: where the OFAC sanctions lists are refreshed from, and how often. Without a URL the
 * product uses the lists shipped in data/compliance only. config.ts reads the environment and hands it here.
 */

/** One maintained list: the asset it replaces (ETH, TRX, XBT, ...) and the URL serving it, one address a line. */
export interface SanctionsSource {
  asset: string;
  url: string;
}

export interface SanctionsSettings {
  /** the lists refreshed from outside; empty: the shipped snapshot only */
  sources: SanctionsSource[];
  /** how often each node fetches them again */
  refreshHours: number;
}

export const complianceEnvSchema = z.object({
  /** comma-separated; each `ASSET=url`, or a URL whose file is named `sanctioned_addresses_<ASSET>.txt` */
  SANCTIONS_LIST_URL: optionalString,
  /** at most 24 days: a timer's delay is a signed 32-bit count of milliseconds */
  SANCTIONS_REFRESH_HOURS: z.coerce.number().positive().max(576).default(24),
});
type ComplianceEnv = z.infer<typeof complianceEnvSchema>;

const ASSET = /^[A-Z0-9]{2,10}$/;
/** the maintained lists' file names say which asset they hold */
const FILE_ASSET = /(?:^|\/)sanctioned_addresses_([A-Za-z0-9]{2,10})\.txt$/;
const httpUrl = z.url({ protocol: /^https?$/ });
const LOOPBACK: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Reads the sanctions settings; throws a plain message (config.ts wraps it) on a setting that cannot work. */
export function parseSanctionsSettings(e: ComplianceEnv): SanctionsSettings {
  const sources: SanctionsSource[] = [];
  for (const entry of (e.SANCTIONS_LIST_URL ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const named = /^([A-Za-z0-9]{2,10})=(.+)$/.exec(entry);
    const url = (named ? (named[2] as string) : entry).trim();
    if (!httpUrl.safeParse(url).success) throw new Error(`SANCTIONS_LIST_URL: not an http(s) URL: ${url}`);
    // the list decides who may move coins: it travels over https, plain http only on this machine (tests)
    if (new URL(url).protocol === "http:" && !LOOPBACK.has(new URL(url).hostname)) {
      throw new Error(`SANCTIONS_LIST_URL: use https (plain http only for a loopback address): ${url}`);
    }
    const asset = (named?.[1] ?? FILE_ASSET.exec(new URL(url).pathname)?.[1])?.toUpperCase();
    if (!asset || !ASSET.test(asset)) {
      throw new Error(
        `SANCTIONS_LIST_URL: name the asset of ${url} (ETH=${url}), or use a file named sanctioned_addresses_<ASSET>.txt`,
      );
    }
    if (sources.some((source) => source.asset === asset)) {
      throw new Error(`SANCTIONS_LIST_URL names the ${asset} list twice`);
    }
    sources.push({ asset, url });
  }
  return { sources, refreshHours: e.SANCTIONS_REFRESH_HOURS };
}
