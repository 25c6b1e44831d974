import { describe, expect, it } from "vitest";
import { tronAddressToHex20 } from "../../providers/chains/tron-address.ts";
import { indexLists, isListed, parseAddressList } from "./sanctions-list.ts";
import { loadShippedSanctions } from "./shipped-sanctions.ts";

/** Real entries of the shipped snapshot (data/compliance), and addresses that are on no list. */
const ETH_LISTED = "0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB1";
const USDT_LISTED_LOWER = "0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff";
const TRON_LISTED = "TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre";
const BTC_LISTED = "123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX";
const ANVIL_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

const shipped = loadShippedSanctions();
const index = indexLists(shipped.lists.values());

describe("the shipped sanctions snapshot", () => {
  it("has every asset's list, as of 2024-09-27, with its source", () => {
    expect(shipped.asOf.toISOString()).toBe("2024-09-27T00:00:00.000Z");
    expect(shipped.source).toContain("0xB10C/ofac-sanctioned-digital-currency-addresses@f2aee226");
    expect(shipped.lists.get("ETH")).toHaveLength(152);
    expect(shipped.lists.get("TRX")).toHaveLength(6);
    expect(shipped.lists.get("USDT")).toHaveLength(26);
    expect(shipped.lists.get("XBT")).toHaveLength(435);
    expect([...shipped.lists.keys()]).toEqual(
      expect.arrayContaining(["ARB", "BSC", "ETC", "LTC", "BCH", "XMR", "ZEC", "USDC"]),
    );
  });
});

describe("isListed", () => {
  it("finds an EVM address in any letter case", () => {
    expect(isListed(index, ETH_LISTED)).toBe(true);
    expect(isListed(index, ETH_LISTED.toLowerCase())).toBe(true);
    expect(isListed(index, `0x${ETH_LISTED.slice(2).toUpperCase()}`)).toBe(true);
    // listed in lower case (the USDT list), asked checksummed
    expect(isListed(index, "0x19Aa5Fe80D33a56D56c78e82eA5E50E5d80b4Dff")).toBe(true);
    expect(isListed(index, USDT_LISTED_LOWER)).toBe(true);
    expect(isListed(index, ANVIL_0)).toBe(false);
  });

  it("finds a TRON address exactly, and in its hex form", () => {
    expect(isListed(index, TRON_LISTED)).toBe(true);
    expect(isListed(index, TRON_LISTED.toLowerCase())).toBe(false);
    const hex = tronAddressToHex20(TRON_LISTED);
    expect(hex).toBeDefined();
    expect(isListed(index, `41${hex}`)).toBe(true);
    expect(isListed(index, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
  });

  it("finds a Bitcoin address exactly", () => {
    expect(isListed(index, BTC_LISTED)).toBe(true);
    expect(isListed(index, BTC_LISTED.toLowerCase())).toBe(false);
    expect(isListed(index, "")).toBe(false);
  });
});

describe("parseAddressList", () => {
  it("reads one address a line, with CRLF, blank lines and spaces, without duplicates", () => {
    expect(parseAddressList(`${ETH_LISTED}\r\n\r\n  ${TRON_LISTED} \n${BTC_LISTED}\n${ETH_LISTED}\n`)).toEqual({
      ok: true,
      addresses: [ETH_LISTED, TRON_LISTED, BTC_LISTED],
    });
    expect(parseAddressList("")).toEqual({ ok: true, addresses: [] });
  });

  it("refuses text that is not a list: a page, JSON, a TRON address whose checksum fails", () => {
    expect(parseAddressList("<!DOCTYPE html>\n<html><body>Not Found</body></html>")).toEqual({
      ok: false,
      reason: "line 1 is not an address",
    });
    expect(parseAddressList(JSON.stringify([ETH_LISTED])).ok).toBe(false);
    expect(parseAddressList(`${ETH_LISTED}\nTBHTJqAy4DhHhmT3dNceJYNRz4SdLofLrf`)).toEqual({
      ok: false,
      reason: "line 2 is not an address",
    });
    expect(parseAddressList(`${ETH_LISTED}\n0x01e2919679362dFBC9ee1644Ba9C6da6D6245BB`).ok).toBe(false);
  });
});
