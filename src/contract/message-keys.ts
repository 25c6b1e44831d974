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
  /** a feature a 24-hour unlock opens, or a strategy diagram, used by a standard user without an unlock in force */
  "unlockRequired",
  /** points/confirmExchange with none of the day's unlocks left (spec §4 state 3: redeem with points instead) */
  "noUnlocksLeft",
  /** a second daily check-in (points/sign) on the same UTC day: the spec names no code for it */
  "alreadyCheckedIn",
  /** a points change sent again under its idempotency key but with a different payload */
  "idempotencyConflict",
  /** a Twitter task asked before an X account is bound (spec §5: Twitter must be bound before tasks) */
  "twitterNotBound",
  /** Telegram Stars asked of a server without the bot (no BOT_TOKEN): no invoice can be made */
  "starsUnavailable",
  /** USDT deposits (pay/*, bscHashCheck): no chain configured on this server */
  "paymentsNotConfigured",
  /** a deposit's hash that is not a transaction hash */
  "malformedHash",
  /** a hash already reported by another account, or credited before */
  "hashUsed",
  /** an order number that is not the caller's pending order */
  "orderNotFound",
  /** bscHashCheck of a hash the caller never reported */
  "depositNotFound",
  /** a chain deposits are not taken on, or a transfer made on another configured chain than the one named */
  "wrongChain",
  /** the transfer moved another token than the chain's configured USDT */
  "wrongToken",
  /** the transfer went to another address than the deposit address */
  "wrongRecipient",
  /** the transfer carried less than the order needs (or under the 0.1 USDT minimum) */
  "amountTooSmall",
  /** the transaction was mined but failed (reverted) */
  "txReverted",
  /** the chain does not know the transaction (yet): pending until a deadline */
  "txNotFound",
  /** the chain's node did not answer: pending, checked again */
  "rpcUnavailable",
  /** the chain's node contradicted itself (a block it cannot give, a block ahead of its head): pending */
  "rpcInconsistent",
  /** the transfer is mined but has fewer confirmations than the chain needs: pending */
  "awaitingConfirmations",
  /** the transfer was mined before the order (or the account) existed */
  "txBeforeOrder",
  /** the order the deposit was for can no longer be paid (paid, failed or bought once already) */
  "orderNotPayable",
  /** swaps (spec §8 other messages): the quote service answered an error */
  "swapQuoteError",
  /** no aggregator offers a route for this pair and amount */
  "noQuotation",
  "insufficientLiquidity",
  /** the wallet lacks the native coin for gas */
  "gasNotEnough",
  /** no injected wallet (EIP-1193 provider) in this browser */
  "noWalletProvider",
  /** the wallet is on another chain than the order's */
  "wrongNetwork",
  /** the user refused the request in the wallet */
  "userRejected",
  /** above the exchange daily limit: identity check needed */
  "kycNeeded",
  "unsupportedSwapPair",
  /** the amount is under the minimum or over the maximum a route takes */
  "amountOutOfRange",
  /** no quote service could be reached (offline, or all refused): no quote is made up */
  "quoteServiceUnreachable",
  /** the quote is older than its validity: ask again */
  "quoteExpired",
  /** slippage must be above 0 */
  "slippageTooLow",
  /** slippage above the largest taken */
  "slippageTooHigh",
  /** the wallet's address differs from the order's from address */
  "addressMismatch",
  /** a receive address that is a contract (a token, a router, an exchange's) where funds would be lost */
  "exchangeAddress",
  /** the chain's node did not answer a balance read */
  "balancesUnavailable",
  /** a chain swaps are not offered on here */
  "chainNotSupported",
  /** the reported transaction is not the order's (other sender, target or chain) */
  "swapTxMismatch",
  /** the only sources of a route (a cross-chain one) quote only for a connected wallet */
  "connectWalletForQuote",
  /** the order's swap transaction was sent already: it can no longer be cancelled */
  "orderNotCancellable",
  /** the swap transaction reverted because the price moved beyond the slippage */
  "slippageExceeded",
  /** price alarms: no market price for this coin, so no alarm can watch it */
  "alarmUnknownCoin",
  /** the target is more than 100 times away from the current price, or not above 0 */
  "alarmPriceAbsurd",
  /** a percent move under 0.1 %, a fall beyond -99 % or a rise beyond +10000 % */
  "alarmPercentOutOfRange",
  /** the price is already past the target on the asked side */
  "alarmAlreadyCrossed",
  /** the account holds the most armed alarms allowed */
  "alarmLimitReached",
  /** no such alarm of this account */
  "alarmNotFound",
  /** AI wallet: no master key is configured on this server, so no wallet can be held for anyone */
  "aiWalletUnavailable",
  /** AI wallet: only accounts that sign in with email may hold one (spec §6) */
  "aiWalletEmailOnly",
  /** AI wallet: the account has none yet */
  "aiWalletMissing",
  /** an address on the OFAC sanctions list: nothing is sent to it or taken from it */
  "sanctionedAddress",
  /** AI wallet: coins sent to it from an address on the sanctions list are frozen; they are not moved, nor the key exported */
  "fundsFrozen",
  /** a withdrawal to the AI wallet itself or to one of our deposit addresses */
  "ownAddress",
  /** a mixed-case EVM address whose checksum does not match (a mistyped address) */
  "addressChecksum",
  /** the withdrawal's code window passed, or it was sent or cancelled already */
  "withdrawalClosed",
  /** no such withdrawal or limit order of this account */
  "aiOrderNotFound",
  /** the limit order is executing, done, cancelled or expired: it can no longer be cancelled */
  "limitOrderNotCancellable",
  /** the account holds the most open limit orders allowed */
  "limitOrdersMax",
  /** the watched coin has no market price, so no limit can be watched */
  "limitNoMarketPrice",
  /** a limit price more than 100 times away from the market price */
  "limitPriceAbsurd",
  /** the AI wallet's swap was not mined in time: a transfer at its nonce cancelled it, nothing was swapped */
  "swapNotMined",
  /** the AI wallet has a transaction on its way: the limit order is tried again once it is mined */
  "walletBusy",
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
