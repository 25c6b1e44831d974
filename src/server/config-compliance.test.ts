import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { complianceEnvSchema, parseSanctionsSettings } from "./config-compliance.ts";

const settingsOf = (env: Record<string, string>) => parseSanctionsSettings(complianceEnvSchema.parse(env));

describe("sanctions settings", () => {
  it("uses the shipped lists only, refreshed daily once a URL is set, by default", () => {
    expect(loadConfig({}).sanctions).toEqual({ sources: [], refreshHours: 24 });
    expect(settingsOf({ SANCTIONS_LIST_URL: " ", SANCTIONS_REFRESH_HOURS: "6" })).toEqual({
      sources: [],
      refreshHours: 6,
    });
  });

  it("takes the asset from the file name or from ASSET=, several comma-separated", () => {
    const settings = settingsOf({
      SANCTIONS_LIST_URL:
        "http://127.0.0.1:9000/lists/sanctioned_addresses_ETH.txt, trx=http://127.0.0.1:9000/tron.txt?key=1",
    });
    expect(settings.sources).toEqual([
      { asset: "ETH", url: "http://127.0.0.1:9000/lists/sanctioned_addresses_ETH.txt" },
      { asset: "TRX", url: "http://127.0.0.1:9000/tron.txt?key=1" },
    ]);
  });

  it("refuses a URL that is not http(s), names no asset, or names one twice; and an absurd interval", () => {
    expect(() => settingsOf({ SANCTIONS_LIST_URL: "ftp://127.0.0.1/sanctioned_addresses_ETH.txt" })).toThrow(
      "SANCTIONS_LIST_URL: not an http(s) URL",
    );
    expect(() => settingsOf({ SANCTIONS_LIST_URL: "http://127.0.0.1/list.txt" })).toThrow(/name the asset/);
    expect(() => settingsOf({ SANCTIONS_LIST_URL: "http://lists.example/sanctioned_addresses_ETH.txt" })).toThrow(
      "SANCTIONS_LIST_URL: use https (plain http only for a loopback address)",
    );
    expect(() =>
      settingsOf({
        SANCTIONS_LIST_URL: "http://127.0.0.1/sanctioned_addresses_ETH.txt,ETH=http://127.0.0.1/other.txt",
      }),
    ).toThrow("SANCTIONS_LIST_URL names the ETH list twice");
    expect(() => loadConfig({ SANCTIONS_LIST_URL: "http://127.0.0.1/list.txt" })).toThrow(
      /Invalid configuration: SANCTIONS_LIST_URL: name the asset/,
    );
    expect(() => loadConfig({ SANCTIONS_REFRESH_HOURS: "0" })).toThrow(/SANCTIONS_REFRESH_HOURS/);
    expect(() => loadConfig({ SANCTIONS_REFRESH_HOURS: "1000" })).toThrow(/SANCTIONS_REFRESH_HOURS/);
  });
});
