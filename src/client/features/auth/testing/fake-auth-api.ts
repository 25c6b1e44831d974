import { type RecordedCall, type StubReply, stubApi } from "../../../shared/testing/stub-api.ts";

export const CAPTCHA_PNG = "data:image/png;base64,iVBORw0KGgo=";

export type Handlers = Partial<Record<string, (call: RecordedCall) => StubReply | Promise<StubReply>>>;

/**
 * A fake /v2/api for the sign-in tests: sensible answers for every account route, each replaceable by
 * path ("sendEmailCode", "register", ...). Returns the recorded calls.
 */
export function fakeAuthApi(handlers: Handlers = {}) {
  let captchas = 0;
  const defaults: Handlers = {
    "app/config": () => ({
      data: {
        googleClientId: null,
        walletConnectProjectId: null,
        turnstileSiteKey: null,
        telegramBotId: null,
        tonConnectManifestUrl: null,
        signInChainIds: [1, 10, 56, 100, 137, 324, 42161, 42220, 43114],
      },
    }),
    getCaptcha: () => ({ data: { captchaId: `captcha-${++captchas}`, image: CAPTCHA_PNG, expiresInSeconds: 300 } }),
    sendEmailCode: () => ({ data: { resendAfterSeconds: 60 } }),
    register: () => ({ data: { user_id: "7" } }),
    modifyPassword: () => ({ data: {} }),
    userLogin: () => ({ data: { user_token: "token-1", user_id: "7", account: "investor@example.com" } }),
    telegramLogin: () => ({ data: { user_token: "token-tg", user_id: "8", account: "Test User" } }),
    checkLogin: () => ({ data: { account: "investor@example.com", user_id: "7" } }),
    loginOut: () => ({ data: {} }),
    "wallet/nonce": () => ({
      data: {
        nonce: "abcDEF123456",
        issuedAt: "2030-01-01T00:00:00.000Z",
        expirationTime: "2030-01-01T00:10:00.000Z",
        statement:
          "Welcome to MountainLion! Sign this message to sign in. No transaction, no fee. Timestamp: 1893456000",
      },
    }),
  };
  return stubApi((call) => {
    const handler = handlers[call.path] ?? defaults[call.path];
    return handler ? handler(call) : { code: 1001, data: { key: "notFound" } };
  });
}

export function callsTo(calls: readonly RecordedCall[], path: string): RecordedCall[] {
  return calls.filter((call) => call.path === path);
}
