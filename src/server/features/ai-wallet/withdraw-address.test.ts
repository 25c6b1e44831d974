import { describe, expect, it } from "vitest";
import { mailLanguageOf } from "./ai-wallet-mail.ts";
import { maskEmail } from "./ai-withdraw.service.ts";
import { parseAmount } from "./amounts.ts";
import { checkDestination } from "./withdraw-address.ts";

const OWN = "0x1111111111111111111111111111111111111111";
const LISTED = "0x2222222222222222222222222222222222222222";
const rules = { own: [OWN], sanctions: { isSanctioned: (address: string) => address.toLowerCase() === LISTED } };
const refusal = (input: string) => {
  try {
    checkDestination(input, rules);
    return undefined;
  } catch (error) {
    return { code: (error as { code: number }).code, key: (error as { key: string }).key };
  }
};

describe("withdrawal destinations", () => {
  it("takes an address in one case or with its right checksum, answered checksummed", () => {
    expect(checkDestination("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", rules)).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    );
    expect(checkDestination(" 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed ", rules)).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    );
    expect(checkDestination("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED", rules)).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    );
  });

  it("refuses what is no address, a wrong checksum, our own addresses and listed ones", () => {
    expect(refusal("0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea")).toEqual({ code: 1001, key: "invalidAddress" });
    expect(refusal("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00")).toEqual({ code: 1001, key: "invalidAddress" });
    expect(refusal("0x0000000000000000000000000000000000000000")).toEqual({ code: 1001, key: "invalidAddress" });
    expect(refusal("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toEqual({ code: 3001, key: "addressChecksum" });
    expect(refusal(OWN.toUpperCase().replace("0X", "0x"))).toEqual({ code: 3001, key: "ownAddress" });
    expect(refusal(LISTED)).toEqual({ code: 3001, key: "sanctionedAddress" });
  });
});

describe("withdrawal amounts", () => {
  it("reads decimals exactly, within the token's decimals, above 0", () => {
    expect(parseAmount("1.50", 6)).toEqual({ text: "1.5", raw: 1_500_000n });
    expect(parseAmount("0.000001", 6).raw).toBe(1n);
    expect(parseAmount("12", 0).raw).toBe(12n);
    expect(() => parseAmount("0.0000001", 6)).toThrow(/decimals/);
    expect(() => parseAmount("0", 18)).toThrow(/above 0/);
    expect(() => parseAmount("0.000", 18)).toThrow(/above 0/);
  });
});

describe("code mails", () => {
  it("mask the address the code goes to and speak the request's language", () => {
    expect(maskEmail("alice@example.com")).toBe("al***@example.com");
    expect(maskEmail("a@example.com")).toBe("a***@example.com");
    expect(mailLanguageOf("zh-CN,zh;q=0.9,en;q=0.8")).toBe("cn");
    expect(mailLanguageOf("en-US,en;q=0.9")).toBe("en");
    expect(mailLanguageOf(undefined)).toBe("en");
  });
});
