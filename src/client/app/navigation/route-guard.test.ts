import { afterEach, describe, expect, it } from "vitest";
import { guardInitialRoute, takeSocialLoginSignal } from "./route-guard.ts";

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});

describe("the initial route guard", () => {
  it("sends an access-denied path home and signals a failed social login", () => {
    window.history.replaceState(null, "", "/access_denied?lang=zh");
    expect(guardInitialRoute()).toEqual({ status: "failed", provider: "google" });
    expect(window.location.pathname + window.location.search).toBe("/?lang=zh");
    expect(sessionStorage.getItem("loginFailed")).toBe("1");
    expect(takeSocialLoginSignal()).toEqual({ status: "failed", provider: "google" });
    expect(takeSocialLoginSignal()).toBeUndefined();
  });

  it("takes an access token out of the hash, goes home and signals success", () => {
    window.history.replaceState(null, "", "/some/path#access_token=ya29.abc&token_type=Bearer");
    expect(guardInitialRoute()).toEqual({ status: "succeeded", provider: "google", accessToken: "ya29.abc" });
    expect(window.location.href).not.toContain("ya29");
    expect(window.location.pathname).toBe("/");
    expect(takeSocialLoginSignal()).toMatchObject({ status: "succeeded", accessToken: "ya29.abc" });
  });

  it("leaves every other path alone", () => {
    window.history.replaceState(null, "", "/chat/123#section");
    expect(guardInitialRoute()).toBeUndefined();
    expect(window.location.pathname).toBe("/chat/123");
  });
});
