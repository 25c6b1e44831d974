import { GrammyError, HttpError } from "grammy";
import { describe, expect, it } from "vitest";
import { redactToken, safeError } from "./safe-error.ts";

const TOKEN = "7000000001:AAsecretSecretSecretSecretSecret";

describe("errors as the bot logs them", () => {
  it("never carries the token or its secret half", () => {
    const network = new HttpError(
      `Network request for 'getMe' failed! https://api.telegram.org/bot${TOKEN}/getMe`,
      new Error(`connect ECONNREFUSED for /bot${TOKEN}/getMe`),
    );
    const written = JSON.stringify(safeError(network, TOKEN));
    expect(written).not.toContain("AAsecretSecret");
    const refused = new GrammyError(
      "Call to 'sendMessage' failed!",
      { ok: false, error_code: 400, description: `Bad Request: AAsecretSecretSecretSecretSecret` },
      "sendMessage",
      { chat_id: 1, text: "a user's private words" },
    );
    const logged = safeError(refused, TOKEN);
    expect(logged).toMatchObject({ method: "sendMessage", error_code: 400, description: "Bad Request: [token]" });
    expect(JSON.stringify(logged)).not.toContain("private words");
    expect(JSON.stringify(safeError(new Error(`at ${TOKEN}`, { cause: new Error(TOKEN) }), TOKEN))).not.toContain(
      "AAsecret",
    );
    expect(redactToken(`x ${TOKEN} y`, TOKEN)).toBe("x [token] y");
  });
});
