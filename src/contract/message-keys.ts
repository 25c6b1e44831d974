/**
 * Message keys the server sends in error envelopes and the client translates.
 * The first group is the spec's catalogue (§8); the second names validation and transport failures
 * the spec leaves to us.
 */
export const specMessageKeys = [
  "Serverbusy",
  "waitUploading",
  "updataError",
  "imagesNumTip",
  "imgTypeTip",
  "pdfTips",
  "chooseChat",
  "noUseNetwork",
  "notInstallMetamask",
  "loginTronLink",
  "useBTCConnect",
  "appVoicePermTip",
  "microphoneTips",
  "notSupportRecording",
  "Coming",
  "agentMobNoComingTip",
  "updating",
  "uploadLengthTip",
  "plsenterUserName",
  "loginFirst",
  "noFreeChat",
  "loginFailed",
  "Insufficientbalance",
  "passwordLength",
  "passwordNosame",
  "enterEmail",
  "sureEmail",
  "enterpassword",
  "enterpassword2",
  "VerificationCode",
  "aweekOncename",
  "accountError",
  "incorrectLogin",
  "emailRegistered",
  "codeError",
  "codeError2",
  "verifyLimitError",
  "coinNotSwappable",
  "exchangeDailyLimit",
  "invalidAddress",
  "loginInvalid",
  "tooFrequent",
  "coinNoRecharge",
  "noRemainingChats",
  "cannotRedeemTwice",
  "payScenarioMissing",
  "needTopUp",
  "scenarioTokenUnsupported",
  "cannotBuyTwice",
  "insufficientPoints",
  "chatQuotaRedeem",
  "twitterBound",
  "cancleSign",
  /** spec §8 "chat answer error": the model failed mid-answer (the partial answer is kept) */
  "chatAnswerError",
] as const;

export const validationMessageKeys = [
  "required",
  "tooLong",
  "invalidValue",
  "payloadTooLarge",
  "malformedBody",
  "notFound",
  "deviceNoMissing",
  "apiKeyInvalid",
  "humanCheckFailed",
  "captchaError",
  "notConfigured",
  /** wallet sign-in asked of a host this server is not configured to serve (PUBLIC_URL, loopback) */
  "unknownHost",
  /** 4003 on password sign-in: too many wrong passwords for this email lately (OWASP ASVS 2.2.1 lockout) */
  "signInLocked",
  /** an upload would take the account's or visitor's stored files over their storage quota */
  "uploadStorageFull",
  /** a Telegram-only action (sharing a card into Telegram, the bot's digest) asked by an account without Telegram */
  "telegramAccountRequired",
  /** a forecast asked of a coin whose history is too short to test one against the naive forecast */
  "notEnoughHistory",
  /** a second daily check-in (points/sign) on the same UTC day: the spec names no code for it */
  "alreadyCheckedIn",
  /** a points change sent again under its idempotency key but with a different payload */
  "idempotencyConflict",
] as const;

export const successMessageKeys = [
  "sendSuccess",
  "signSuccess",
  "resetSuccess",
  "AuthorizationSuccessful",
  "Subscribesuccessfully",
  "Unsubscribesuccessfully",
  "facebacksuccessfully",
  "Success",
  "UploadSuccess",
  "Unlockedsuccessfully",
  "RedeemSuccessful",
  "RechargeSuccessful",
  "delSuccess",
  "copySuccess",
] as const;

export type SpecMessageKey = (typeof specMessageKeys)[number];
export type ValidationMessageKey = (typeof validationMessageKeys)[number];
export type SuccessMessageKey = (typeof successMessageKeys)[number];
export type MessageKey = SpecMessageKey | ValidationMessageKey | SuccessMessageKey;

const allKeys: ReadonlySet<string> = new Set<string>([
  ...specMessageKeys,
  ...validationMessageKeys,
  ...successMessageKeys,
]);

export function isMessageKey(value: string): value is MessageKey {
  return allKeys.has(value);
}
