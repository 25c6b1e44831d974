import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Limits } from "../../../contract/constants.ts";
import { isMessageKey, type MessageKey } from "../../../contract/message-keys.ts";

const imagesMax = Limits.chatImagesMax;
const selectionMin = Limits.shareSelectionMin;
const selectionMax = Limits.shareSelectionMax;
const passwordMin = Limits.passwordMin;
const passwordMax = Limits.passwordMax;
const lockMinutes = Limits.wrongCodeLockMinutes;
const signInLockMinutes = Limits.wrongPasswordLockMinutes;
const questionMax = Limits.questionMax;

/** The text of every message key the server or the client may raise (contract message-keys.ts). */
export const messageKeyText: Readonly<Record<MessageKey, MessageDescriptor>> = {
  // Spec catalogue (§8)
  Serverbusy: msg`The server is busy. Please try again later.`,
  waitUploading: msg`Please wait until the upload finishes.`,
  updataError: msg`Upload failed. Please try again.`,
  imagesNumTip: msg`You can upload at most ${imagesMax} images.`,
  imgTypeTip: msg`Only png, jpeg or jpg images are allowed.`,
  pdfTips: msg`Only PDF files are allowed.`,
  chooseChat: msg`Choose ${selectionMin} to ${selectionMax} messages to share.`,
  noUseNetwork: msg`Your wallet does not support this network.`,
  notInstallMetamask: msg`Please install the wallet first.`,
  loginTronLink: msg`Please log in to TronLink first.`,
  useBTCConnect: msg`Please connect a BTC wallet for this chain.`,
  appVoicePermTip: msg`Allow microphone access in the app settings to use voice.`,
  microphoneTips: msg`The microphone cannot be accessed.`,
  notSupportRecording: msg`This browser cannot record audio.`,
  Coming: msg`Coming soon`,
  agentMobNoComingTip: msg`This agent is not available on mobile yet.`,
  updating: msg`Updating…`,
  uploadLengthTip: msg`The text is too long: at most ${questionMax} characters.`,
  plsenterUserName: msg`Please enter a username.`,
  loginFirst: msg`Please log in first.`,
  noFreeChat: msg`You have used up today's free chats.`,
  loginFailed: msg`Login failed. Please try again.`,
  Insufficientbalance: msg`Insufficient balance.`,
  passwordLength: msg`The password must be ${passwordMin} to ${passwordMax} characters long.`,
  passwordNosame: msg`The passwords do not match.`,
  enterEmail: msg`Please enter your email.`,
  sureEmail: msg`Please enter a valid email address.`,
  enterpassword: msg`Please enter your password.`,
  enterpassword2: msg`Please enter the password again.`,
  VerificationCode: msg`Please enter the six-digit verification code.`,
  aweekOncename: msg`The username can be changed once a week.`,
  accountError: msg`No account exists for this email.`,
  incorrectLogin: msg`Incorrect email or password.`,
  emailRegistered: msg`This email is already registered.`,
  codeError: msg`Wrong verification code.`,
  codeError2: msg`Wrong verification code. Please check it and try again.`,
  verifyLimitError: msg`Too many wrong codes. Please try again in ${lockMinutes} minutes.`,
  coinNotSwappable: msg`This coin cannot be swapped.`,
  exchangeDailyLimit: msg`The daily exchange limit is reached. Please contact customer service.`,
  invalidAddress: msg`Invalid destination address.`,
  loginInvalid: msg`Your login has expired. Please log in again.`,
  tooFrequent: msg`Too many requests. Please wait a moment and try again.`,
  coinNoRecharge: msg`This coin does not support recharge.`,
  noRemainingChats: msg`You have no chats left today.`,
  cannotRedeemTwice: msg`This can only be redeemed once.`,
  payScenarioMissing: msg`This payment option does not exist.`,
  needTopUp: msg`Insufficient balance. Please top up first.`,
  scenarioTokenUnsupported: msg`This token cannot be used for this payment.`,
  cannotBuyTwice: msg`You have already bought this.`,
  insufficientPoints: msg`Not enough points. Please recharge.`,
  chatQuotaRedeem: msg`Your chat quota is used up. Redeem more chats with points.`,
  chatAnswerError: msg`The answer could not be completed. Please ask again.`,
  twitterBound: msg`This Twitter account is already bound.`,
  cancleSign: msg`Signing was cancelled.`,
  // Validation and transport
  required: msg`This field is required.`,
  tooLong: msg`This text is too long.`,
  invalidValue: msg`This value is not valid.`,
  payloadTooLarge: msg`The file is too large.`,
  malformedBody: msg`The request could not be read.`,
  notFound: msg`Not found.`,
  deviceNoMissing: msg`This device could not be identified. Please reload the page.`,
  humanCheckFailed: msg`The human check failed or expired. Please try it again.`,
  captchaError: msg`The image code is wrong or expired. Tap the image for a new one.`,
  notConfigured: msg`This is not configured on this server.`,
  apiKeyInvalid: msg`This app is not allowed to use the server.`,
  unknownHost: msg`Wallet sign-in is not available at this address. Open the app at its own address.`,
  signInLocked: msg`Too many failed sign-ins for this email. Please try again in ${signInLockMinutes} minutes or reset your password.`,
  uploadStorageFull: msg`Your space for uploaded files is full. Delete chats with files you no longer need, then try again.`,
  telegramAccountRequired: msg`This needs an account signed in with Telegram.`,
  notEnoughHistory: msg`This coin's history is too short to test a forecast, so none is shown.`,
  alreadyCheckedIn: msg`You have already checked in today. Come back tomorrow.`,
  idempotencyConflict: msg`This request was already made with different details.`,
  twitterNotBound: msg`Bind your X (Twitter) account first.`,
  starsUnavailable: msg`Paying with Telegram Stars is not set up on this server.`,
  paymentsNotConfigured: msg`Payments are not set up on this server.`,
  malformedHash: msg`This is not a transaction hash.`,
  hashUsed: msg`This transaction was already used for a payment.`,
  orderNotFound: msg`This order was not found.`,
  depositNotFound: msg`No payment with this transaction hash was found.`,
  wrongChain: msg`This transaction is not on the chosen network.`,
  wrongToken: msg`This transaction did not send USDT.`,
  wrongRecipient: msg`This transaction did not pay the deposit address.`,
  amountTooSmall: msg`The amount sent is less than required.`,
  txReverted: msg`This transaction failed on the chain.`,
  txNotFound: msg`The transaction was not found on the chain yet.`,
  rpcUnavailable: msg`The network cannot be reached right now. We will check again.`,
  rpcInconsistent: msg`The network gave an inconsistent answer. We will check again.`,
  awaitingConfirmations: msg`Waiting for confirmations on the chain.`,
  txBeforeOrder: msg`This transaction was made before the order.`,
  orderNotPayable: msg`This order can no longer be paid.`,
  // Successes
  sendSuccess: msg`The code was sent.`,
  signSuccess: msg`Checked in.`,
  resetSuccess: msg`Your password was reset. Please log in.`,
  AuthorizationSuccessful: msg`Authorization successful.`,
  Subscribesuccessfully: msg`Subscribed.`,
  Unsubscribesuccessfully: msg`Unsubscribed.`,
  facebacksuccessfully: msg`Thank you! Your feedback was sent.`,
  Success: msg`Success`,
  UploadSuccess: msg`Uploaded.`,
  Unlockedsuccessfully: msg`Unlocked.`,
  RedeemSuccessful: msg`Redeemed.`,
  RechargeSuccessful: msg`Recharged.`,
  delSuccess: msg`Deleted.`,
  copySuccess: msg`Copied.`,
};

/** Unknown keys (a newer server, a typo) read as the generic "server busy" text rather than a raw key. */
export function messageForKey(key: string): MessageDescriptor {
  return isMessageKey(key) ? messageKeyText[key] : messageKeyText.Serverbusy;
}
