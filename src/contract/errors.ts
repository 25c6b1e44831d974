import type { MessageKey } from "./message-keys.ts";

/** The error catalogue of the spec (§8). `code` travels in the envelope. */
export const ErrorCode = {
  Success: 200,
  RequestFailed: 1001,
  AccountNotFound: 2001,
  IncorrectLogin: 2002,
  EmailRegistered: 2005,
  WrongVerificationCode: 2006,
  UsernameOncePerWeek: 2014,
  VerificationLocked: 2015,
  CoinNotSwappable: 218,
  ExchangeDailyLimit: 331,
  InvalidDestinationAddress: 3001,
  LoginInvalid: 4001,
  TooManyRequests: 4003,
  CoinNoRecharge: 5001,
  NoRemainingChats: 5004,
  CannotRedeemTwice: 8002,
  PaymentScenarioMissing: 9001,
  NeedTopUp: 9002,
  ScenarioTokenUnsupported: 9003,
  CannotBuyTwice: 9004,
  InsufficientPoints: 20004,
  ChatQuotaRedeemWithPoints: 20006,
  TwitterAlreadyBound: 20010,
  /** wallet signing cancelled: a client-side code */
  SignCancelled: 100,
  /** wallet chain switch to an unknown chain: a client-side code, only logged */
  ChainNotAdded: -32601,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export interface ErrorEntry {
  code: ErrorCodeValue;
  key: MessageKey;
  meaning: string;
  /** how the client reacts beyond showing the message */
  handling: "message" | "clearLogin" | "topUp" | "purchaseOrNoPoints" | "logOnly";
}

export const errorCatalogue: Readonly<Record<ErrorCodeName, ErrorEntry>> = {
  Success: { code: 200, key: "Success", meaning: "success", handling: "message" },
  RequestFailed: { code: 1001, key: "Serverbusy", meaning: "request failed", handling: "message" },
  AccountNotFound: { code: 2001, key: "accountError", meaning: "no such account", handling: "message" },
  IncorrectLogin: { code: 2002, key: "incorrectLogin", meaning: "incorrect login", handling: "message" },
  EmailRegistered: { code: 2005, key: "emailRegistered", meaning: "email already registered", handling: "message" },
  WrongVerificationCode: {
    code: 2006,
    key: "codeError",
    meaning: "wrong verification code",
    handling: "message",
  },
  UsernameOncePerWeek: {
    code: 2014,
    key: "aweekOncename",
    meaning: "username changeable once a week",
    handling: "message",
  },
  VerificationLocked: {
    code: 2015,
    key: "verifyLimitError",
    meaning: "verification attempts exhausted; locked for 15 minutes",
    handling: "message",
  },
  CoinNotSwappable: { code: 218, key: "coinNotSwappable", meaning: "coin not swappable", handling: "message" },
  ExchangeDailyLimit: {
    code: 331,
    key: "exchangeDailyLimit",
    meaning: "exchange daily limit reached, contact customer service",
    handling: "message",
  },
  InvalidDestinationAddress: {
    code: 3001,
    key: "invalidAddress",
    meaning: "invalid destination address",
    handling: "message",
  },
  LoginInvalid: { code: 4001, key: "loginInvalid", meaning: "login invalid", handling: "clearLogin" },
  TooManyRequests: { code: 4003, key: "tooFrequent", meaning: "too many requests", handling: "message" },
  CoinNoRecharge: {
    code: 5001,
    key: "coinNoRecharge",
    meaning: "coin does not support recharge",
    handling: "message",
  },
  NoRemainingChats: { code: 5004, key: "noRemainingChats", meaning: "no remaining chats", handling: "message" },
  CannotRedeemTwice: {
    code: 8002,
    key: "cannotRedeemTwice",
    meaning: "cannot redeem or swap twice",
    handling: "message",
  },
  PaymentScenarioMissing: {
    code: 9001,
    key: "payScenarioMissing",
    meaning: "payment scenario does not exist",
    handling: "message",
  },
  NeedTopUp: { code: 9002, key: "needTopUp", meaning: "insufficient payment balance", handling: "topUp" },
  ScenarioTokenUnsupported: {
    code: 9003,
    key: "scenarioTokenUnsupported",
    meaning: "scenario token not supported",
    handling: "message",
  },
  CannotBuyTwice: { code: 9004, key: "cannotBuyTwice", meaning: "cannot buy twice", handling: "message" },
  InsufficientPoints: {
    code: 20004,
    key: "insufficientPoints",
    meaning: "insufficient points, recharge",
    handling: "purchaseOrNoPoints",
  },
  ChatQuotaRedeemWithPoints: {
    code: 20006,
    key: "chatQuotaRedeem",
    meaning: "chat quota used up, redeem with points",
    handling: "message",
  },
  TwitterAlreadyBound: {
    code: 20010,
    key: "twitterBound",
    meaning: "Twitter account already bound",
    handling: "message",
  },
  SignCancelled: { code: 100, key: "cancleSign", meaning: "signing cancelled", handling: "message" },
  ChainNotAdded: { code: -32601, key: "noUseNetwork", meaning: "wallet chain switch failed", handling: "logOnly" },
};

const byCode = new Map<number, ErrorEntry>(Object.values(errorCatalogue).map((entry) => [entry.code, entry]));

export function errorEntryFor(code: number): ErrorEntry | undefined {
  return byCode.get(code);
}
