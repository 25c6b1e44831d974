import { describe, expect, it } from "vitest";
import { hashPassword, passwordMatches, spendPasswordCheck, usernameFromEmail } from "./email-passwords.ts";

describe("email passwords", () => {
  it("hashes with argon2id and checks", async () => {
    const stored = await hashPassword("secret12");
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain("secret12");
    expect(await passwordMatches(stored, "secret12")).toBe(true);
    expect(await passwordMatches(stored, "secret13")).toBe(false);
    expect(await passwordMatches("not a hash", "secret12")).toBe(false);
  });

  it("spends a check's time without a stored hash", async () => {
    await expect(spendPasswordCheck("anything")).resolves.toBeUndefined();
  });

  it("names a new account after the address's local part", () => {
    expect(usernameFromEmail("alice.smith@example.com")).toBe("alice.smith");
    expect(usernameFromEmail("a+tag@example.com")).toBe("atag");
    expect(usernameFromEmail("averyveryverylonglocalpart@example.com")).toBe("averyveryverylonglocalpart".slice(0, 20));
    expect(usernameFromEmail("张三@example.cn")).toBe("张三");
    expect(usernameFromEmail("+++@example.com")).toBe("user");
  });
});
