import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

/** The X app behind the Twitter tasks: X_CLIENT_ID, X_BEARER_TOKEN, X_FOLLOW_USERNAME and the redirect. */

const keys = { X_CLIENT_ID: "client", X_BEARER_TOKEN: "bearer", X_FOLLOW_USERNAME: "@mountainlion" };

describe("Twitter tasks in the configuration", () => {
  it("are off without X API keys", () => {
    expect(loadConfig({}).twitter).toBeUndefined();
  });

  it("send X's users back to the points center at PUBLIC_URL, unless X_REDIRECT_URL says otherwise", () => {
    expect(loadConfig({ ...keys, PUBLIC_URL: "https://app.example" }).twitter).toEqual({
      clientId: "client",
      clientSecret: undefined,
      bearerToken: "bearer",
      redirectUrl: "https://app.example/pointsCenter/",
      followUsername: "mountainlion",
      repostTweetId: undefined,
      apiUrl: "https://api.x.com",
      authorizeUrl: "https://x.com/i/oauth2/authorize",
    });
    const custom = loadConfig({ ...keys, X_REDIRECT_URL: "https://other.example/back", X_REPOST_TWEET_ID: "123" });
    expect(custom.twitter).toMatchObject({ redirectUrl: "https://other.example/back", repostTweetId: "123" });
  });

  it("refuse some keys without the others, no address to come back to, or a malformed name", () => {
    expect(() => loadConfig({ X_CLIENT_ID: "client", PUBLIC_URL: "https://app.example" })).toThrow(
      /Twitter tasks also need X_BEARER_TOKEN, X_FOLLOW_USERNAME/,
    );
    expect(() => loadConfig(keys)).toThrow(ConfigError);
    expect(() => loadConfig({ ...keys, PUBLIC_URL: "https://app.example", X_FOLLOW_USERNAME: "no spaces" })).toThrow(
      ConfigError,
    );
  });
});
