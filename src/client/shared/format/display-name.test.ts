import { describe, expect, it } from "vitest";
import { displayName } from "./display-name.ts";

const pointsDialog = { context: "pointsDialog" } as const;
const popover = { context: "popover" } as const;

describe("displayName in the points dialog", () => {
  it("does not shorten names containing .com, whatever their length or case", () => {
    expect(displayName("investor.one@gmail.com", pointsDialog)).toBe("investor.one@gmail.com");
    expect(displayName("a.very.long.address.like.name@example.com.cn", pointsDialog)).toBe(
      "a.very.long.address.like.name@example.com.cn",
    );
    expect(displayName("TRADER@HOTMAIL.COM", pointsDialog)).toBe("TRADER@HOTMAIL.COM");
  });

  it("shortens EVM addresses", () => {
    expect(displayName("0x1234567890abcdef1234567890abcdef1234abcd", pointsDialog)).toBe("0x12...abcd");
    expect(displayName("0xABCDEF123456", pointsDialog)).toBe("0xAB...3456");
  });

  it("shortens TRON and Bitcoin addresses", () => {
    expect(displayName("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7", pointsDialog)).toBe("TLa2...YjU7");
    expect(displayName("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", pointsDialog)).toBe("bc1q...5mdq");
    expect(displayName("bc1qar0srrr7x", pointsDialog)).toBe("bc1q...rr7x");
    expect(displayName("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", pointsDialog)).toBe("1A1z...vfNa");
  });

  it("shortens long unbroken ASCII strings (more than 16 characters)", () => {
    expect(displayName("crypto_investor_2024", pointsDialog)).toBe("cryp...2024");
    expect(displayName("abcdefghijklmnopq", pointsDialog)).toBe("abcd...nopq");
    expect(displayName("abcdefghijklmnop", pointsDialog)).toBe("abcdefghijklmnop");
  });

  it("leaves ordinary names whole", () => {
    expect(displayName("Alice", pointsDialog)).toBe("Alice");
    expect(displayName("Tomorrow_Trader", pointsDialog)).toBe("Tomorrow_Trader");
    expect(displayName("0xMoonBoyTrader", pointsDialog)).toBe("0xMoonBoyTrader");
    expect(displayName("Satoshi Nakamoto the Second", pointsDialog)).toBe("Satoshi Nakamoto the Second");
    expect(displayName("bc1", pointsDialog)).toBe("bc1");
  });

  it("leaves Chinese names whole, however long", () => {
    expect(displayName("张三", pointsDialog)).toBe("张三");
    expect(displayName("加密货币投资者社区的朋友们大家好啊", pointsDialog)).toBe("加密货币投资者社区的朋友们大家好啊");
  });

  it("trims whitespace and turns a missing name into an empty string", () => {
    expect(displayName("  Alice \n", pointsDialog)).toBe("Alice");
    expect(displayName("  0x1234567890abcdef1234567890abcdef1234abcd  ", pointsDialog)).toBe("0x12...abcd");
    expect(displayName("", pointsDialog)).toBe("");
    expect(displayName("   ", pointsDialog)).toBe("");
    expect(displayName(undefined, pointsDialog)).toBe("");
    expect(displayName(null, pointsDialog)).toBe("");
  });
});

describe("displayName in the popover", () => {
  it("shows the first 6 characters of an email's local part, then ...@ and the domain", () => {
    expect(displayName("investor.one@gmail.com", popover)).toBe("invest...@gmail.com");
    expect(displayName("abcdefg@qq.com", popover)).toBe("abcdef...@qq.com");
    expect(displayName("someone.else@163.net", popover)).toBe("someon...@163.net");
  });

  it("keeps a local part of 6 or fewer characters whole", () => {
    expect(displayName("abcdef@qq.com", popover)).toBe("abcdef@qq.com");
    expect(displayName("a@b.co", popover)).toBe("a@b.co");
  });

  it("counts characters of a non-ASCII local part as code points", () => {
    expect(displayName("张三李四王五赵六@qq.com", popover)).toBe("张三李四王五...@qq.com");
    expect(displayName("张三@qq.com", popover)).toBe("张三@qq.com");
  });

  it("leaves names that are not emails whole", () => {
    expect(displayName("Alice", popover)).toBe("Alice");
    expect(displayName("张三", popover)).toBe("张三");
    expect(displayName("0x1234567890abcdef1234567890abcdef1234abcd", popover)).toBe(
      "0x1234567890abcdef1234567890abcdef1234abcd",
    );
    expect(displayName("@handle", popover)).toBe("@handle");
    expect(displayName("name@localhost", popover)).toBe("name@localhost");
    expect(displayName("two words@gmail.com", popover)).toBe("two words@gmail.com");
  });

  it("trims whitespace and turns a missing name into an empty string", () => {
    expect(displayName("  investor.one@gmail.com ", popover)).toBe("invest...@gmail.com");
    expect(displayName("", popover)).toBe("");
    expect(displayName(undefined, popover)).toBe("");
    expect(displayName(null, popover)).toBe("");
  });
});
