import { describe, expect, it } from "vitest";
import { specMessageKeys, successMessageKeys, validationMessageKeys } from "../../../contract/message-keys.ts";
import { i18n } from "./i18n.ts";
import { messageForKey, messageKeyText } from "./message-key-text.ts";

describe("message key texts", () => {
  it("give every contract key a readable English text", () => {
    for (const key of [...specMessageKeys, ...validationMessageKeys, ...successMessageKeys]) {
      const text = i18n._(messageKeyText[key]);
      expect(text.length).toBeGreaterThan(1);
      expect(text).not.toContain("{");
    }
  });

  it("read unknown keys as the generic server-busy text", () => {
    expect(i18n._(messageForKey("somethingNew"))).toBe("The server is busy. Please try again later.");
    expect(i18n._(messageForKey("facebacksuccessfully"))).toBe("Thank you! Your feedback was sent.");
  });
});
