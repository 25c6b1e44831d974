import type { MessageKey } from "../../../contract/message-keys.ts";
import type { BotMessage } from "../bot-context.ts";

/**
 * The bot's words for price alarms: /alerts (list, set, delete, re-arm) and the message a fired alarm sends. The
 * refusals of the alarm service are the app's texts for the same message keys
 * (src/client/shared/i18n/message-key-text.ts), with the same Lingui keys, so one translation serves both.
 */
export const alarmTexts = {
  title: /*i18n*/ {
    id: "Your price alarms ({armed} of {max} armed):",
    message: "Your price alarms ({armed} of {max} armed):",
  },
  none: /*i18n*/ {
    id: "You have no price alarms yet.",
    message: "You have no price alarms yet.",
  },
  usage: /*i18n*/ {
    id: "Set one with /alerts and a coin, then a price or a move from the price now: /alerts ETH below 3000, /alerts BTC above 100000, /alerts SOL -5% or /alerts SOL +10%.",
    message:
      "Set one with /alerts and a coin, then a price or a move from the price now: /alerts ETH below 3000, /alerts BTC above 100000, /alerts SOL -5% or /alerts SOL +10%.",
  },
  notUnderstood: /*i18n*/ {
    id: "I could not read that as an alarm.",
    message: "I could not read that as an alarm.",
  },
  armedAbove: /*i18n*/ {
    id: "{pair} above {target} · set at {base}",
    message: "{pair} above {target} · set at {base}",
    comment: "an armed alarm; pair: ETH/USDT, or ETH/USDT +10% for a move",
  },
  armedBelow: /*i18n*/ {
    id: "{pair} below {target} · set at {base}",
    message: "{pair} below {target} · set at {base}",
    comment: "an armed alarm; pair: ETH/USDT, or ETH/USDT -5% for a move",
  },
  firedAbove: /*i18n*/ {
    id: "{pair} above {target} · fired at {fired}, {time}",
    message: "{pair} above {target} · fired at {fired}, {time}",
  },
  firedBelow: /*i18n*/ {
    id: "{pair} below {target} · fired at {fired}, {time}",
    message: "{pair} below {target} · fired at {fired}, {time}",
  },
  prices: /*i18n*/ { id: "Prices: {source}", message: "Prices: {source}" },
  setAbove: /*i18n*/ {
    id: "Alarm set: {pair} above {target}.",
    message: "Alarm set: {pair} above {target}.",
  },
  setBelow: /*i18n*/ {
    id: "Alarm set: {pair} below {target}.",
    message: "Alarm set: {pair} below {target}.",
  },
  setNow: /*i18n*/ {
    id: "{coin} is at {price} now ({source}, {time}). I will message you here once when the price gets there.",
    message: "{coin} is at {price} now ({source}, {time}). I will message you here once when the price gets there.",
  },
  deleteButton: /*i18n*/ { id: "Delete {alarm}", message: "Delete {alarm}" },
  rearmButton: /*i18n*/ { id: "Re-arm {alarm}", message: "Re-arm {alarm}" },
  allAlarms: /*i18n*/ { id: "All my alarms", message: "All my alarms" },
  deleted: /*i18n*/ { id: "Alarm deleted", message: "Alarm deleted" },
  rearmed: /*i18n*/ { id: "Alarm armed again", message: "Alarm armed again" },
  unlinked: /*i18n*/ {
    id: "Price alarms belong to your account: open the app once to get one, then send /alerts again.",
    message: "Price alarms belong to your account: open the app once to get one, then send /alerts again.",
  },
  privateOnly: /*i18n*/ {
    id: "Price alarms are set in a private chat with me: open it and send /alerts there.",
    message: "Price alarms are set in a private chat with me: open it and send /alerts there.",
  },
  failed: /*i18n*/ {
    id: "Your alarms cannot be reached just now. Please try again in a minute.",
    message: "Your alarms cannot be reached just now. Please try again in a minute.",
  },
  firedUp: /*i18n*/ {
    id: "🔔 {coin} rose to {price}: your alarm at {target} ({source}, {time})",
    message: "🔔 {coin} rose to {price}: your alarm at {target} ({source}, {time})",
  },
  firedDown: /*i18n*/ {
    id: "🔔 {coin} fell to {price}: your alarm at {target} ({source}, {time})",
    message: "🔔 {coin} fell to {price}: your alarm at {target} ({source}, {time})",
  },
  firedMove: /*i18n*/ {
    id: "That is the {percent} move from {base} you asked for.",
    message: "That is the {percent} move from {base} you asked for.",
  },
  firedHint: /*i18n*/ {
    id: "It fires once: re-arm it or see all your alarms with /alerts.",
    message: "It fires once: re-arm it or see all your alarms with /alerts.",
  },
  firedHintNew: /*i18n*/ {
    id: "It fires once: set a new alarm or see all your alarms with /alerts.",
    message: "It fires once: set a new alarm or see all your alarms with /alerts.",
    comment: "under a fired price alarm: the price has just crossed its target, so it is not offered again as it was",
  },
} satisfies Record<string, BotMessage>;

/**
 * The alarm service's refusals, as the app words them (same keys as message-key-text.ts); the limits they name are
 * alarmLimitTexts' (src/contract/alarms.ts), given as values.
 */
export const alarmErrorTexts = {
  alarmUnknownCoin: /*i18n*/ {
    id: "There is no market price for this coin, so no alarm can watch it.",
    message: "There is no market price for this coin, so no alarm can watch it.",
  },
  alarmPriceAbsurd: /*i18n*/ {
    id: "This price is too far from the current price (more than {factor} times either way).",
    message: "This price is too far from the current price (more than {factor} times either way).",
  },
  alarmPercentOutOfRange: /*i18n*/ {
    id: "The move must be at least {min}%, a fall of at most {fall}% or a rise of at most {rise}%.",
    message: "The move must be at least {min}%, a fall of at most {fall}% or a rise of at most {rise}%.",
  },
  alarmAlreadyCrossed: /*i18n*/ {
    id: "The price is already past this target. Choose the other direction or another price.",
    message: "The price is already past this target. Choose the other direction or another price.",
  },
  alarmLimitReached: /*i18n*/ {
    id: "You have the most armed alarms allowed ({max}). Delete one first.",
    message: "You have the most armed alarms allowed ({max}). Delete one first.",
  },
  alarmNotFound: /*i18n*/ { id: "This alarm no longer exists.", message: "This alarm no longer exists." },
} satisfies Partial<Record<MessageKey, BotMessage>>;

export type AlarmErrorKey = keyof typeof alarmErrorTexts;

export function isAlarmErrorKey(key: string): key is AlarmErrorKey {
  return Object.hasOwn(alarmErrorTexts, key);
}
