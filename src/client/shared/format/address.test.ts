import { describe, expect, it } from "vitest";
import { shortenAddress } from "./address.ts";

const EVM = "0x1234567890abcdef1234567890abcdef1234abcd";

describe("shortenAddress", () => {
  it("keeps the first 4 and last 4 characters around ...", () => {
    expect(shortenAddress(EVM)).toBe("0x12...abcd");
    expect(shortenAddress("TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7")).toBe("TLa2...YjU7");
    expect(shortenAddress("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe("bc1q...5mdq");
  });

  it("leaves 11 characters or fewer unchanged and shortens from 12", () => {
    expect(shortenAddress("0x123456789")).toBe("0x123456789");
    expect(shortenAddress("0x1234567890")).toBe("0x12...7890");
    expect(shortenAddress("abc")).toBe("abc");
  });

  it("trims surrounding whitespace before measuring", () => {
    expect(shortenAddress(`  ${EVM}\n`)).toBe("0x12...abcd");
    expect(shortenAddress("  0x123456789  ")).toBe("0x123456789");
  });

  it("returns an empty string for empty, blank or missing input", () => {
    expect(shortenAddress("")).toBe("");
    expect(shortenAddress("   ")).toBe("");
    expect(shortenAddress(undefined)).toBe("");
    expect(shortenAddress(null)).toBe("");
  });

  it("counts characters as code points, never splitting one", () => {
    expect(shortenAddress("🚀🚀🚀🚀abcdefgh🌙🌙🌙🌙")).toBe("🚀🚀🚀🚀...🌙🌙🌙🌙");
    expect(shortenAddress("加密货币投资者社区的朋友们大家好")).toBe("加密货币...们大家好");
    expect(shortenAddress("🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀")).toBe("🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀");
  });
});
