import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type AddAlarmBody,
  ALARM_ARMED_MAX,
  ALARM_PERCENT_FALL_MAX,
  ALARM_PERCENT_MIN,
  ALARM_PERCENT_RISE_MAX,
  ALARM_PRICE_FACTOR_MAX,
  type AlarmDirection,
  type AlarmKind,
  alarmDirectionOf,
  percentInRange,
  percentTarget,
} from "../../../contract/alarms.ts";
import { ErrorCode } from "../../../contract/errors.ts";
import type { MessageKey } from "../../../contract/message-keys.ts";
import { ApiError } from "../../api-error.ts";

/**
 * The rules of setting and re-arming a price alarm against the current price: what the target is, which side it
 * watches, and the refusals (1001 with the alarm message keys, the field named).
 */

const refuse = (key: MessageKey, field: string | undefined, status: ContentfulStatusCode, message: string) =>
  new ApiError(ErrorCode.RequestFailed, key, status, field ? [{ field, key }] : [], message);

export const alarmErrors = {
  /** the coin has no price in the market snapshot: HTTP 404, like the market's coinNotInData */
  unknownCoin: (abbr: string) => refuse("alarmUnknownCoin", "coinAbbr", 404, `${abbr} is not in our market data`),
  priceAbsurd: (price: number, current: number) =>
    refuse(
      "alarmPriceAbsurd",
      "price",
      400,
      `${price} is not above 0 or more than ${ALARM_PRICE_FACTOR_MAX} times away from ${current}`,
    ),
  percentOutOfRange: (percent: number) =>
    refuse(
      "alarmPercentOutOfRange",
      "percent",
      400,
      `${percent} % is not between -${ALARM_PERCENT_FALL_MAX} and +${ALARM_PERCENT_RISE_MAX} % or under ${ALARM_PERCENT_MIN} % either way`,
    ),
  /** a percent alarm whose sign says the other way than the direction given with it */
  directionContradicts: (percent: number, direction: AlarmDirection) =>
    refuse("invalidValue", "direction", 400, `a move of ${percent} % does not go ${direction}`),
  alreadyCrossed: (field: "direction" | "price", target: number, current: number) =>
    refuse("alarmAlreadyCrossed", field, 400, `the price ${current} is already past the target ${target}`),
  limitReached: () =>
    refuse("alarmLimitReached", undefined, 400, `an account may hold ${ALARM_ARMED_MAX} armed alarms at most`),
  notFound: (id: number) => refuse("alarmNotFound", "id", 404, `no alarm ${id} of this account`),
};

/** What an alarm watches, worked out against the current price. */
export interface AlarmTarget {
  kind: AlarmKind;
  direction: AlarmDirection;
  targetPrice: number;
  percent: number | null;
  basePrice: number;
}

/**
 * The alarm an add asks for, given the coin's price now. A price target must be above 0 and within
 * ALARM_PRICE_FACTOR_MAX of the price either way; its direction, when given, must be the side it lies on (a target
 * at the price is crossed already). A percent move sets the target from the price and its sign sets the direction;
 * a direction given with it must be that one (invalidValue on direction: the two contradict, nothing is crossed).
 */
export function alarmTarget(body: AddAlarmBody, current: number): AlarmTarget {
  if (body.kind === "percent") {
    const percent = body.percent ?? Number.NaN;
    if (!percentInRange(percent)) throw alarmErrors.percentOutOfRange(percent);
    const direction: AlarmDirection = percent > 0 ? "above" : "below";
    const targetPrice = percentTarget(current, percent);
    if (body.direction !== undefined && body.direction !== direction) {
      throw alarmErrors.directionContradicts(percent, body.direction);
    }
    return { kind: "percent", direction, targetPrice, percent, basePrice: current };
  }
  const price = body.price ?? Number.NaN;
  if (
    !Number.isFinite(price) ||
    price <= 0 ||
    price > current * ALARM_PRICE_FACTOR_MAX ||
    price < current / ALARM_PRICE_FACTOR_MAX
  ) {
    throw alarmErrors.priceAbsurd(price, current);
  }
  const side = alarmDirectionOf(price, current);
  const field = body.direction === undefined ? "price" : "direction";
  if (side === undefined || (body.direction !== undefined && body.direction !== side)) {
    throw alarmErrors.alreadyCrossed(field, price, current);
  }
  return { kind: "price", direction: side, targetPrice: price, percent: null, basePrice: current };
}

/**
 * A fired alarm armed again at the price now: a price alarm keeps its target and side, refused when the price is
 * already past it; a percent alarm measures its move from the price now.
 */
export function rearmTarget(
  alarm: { kind: string; direction: AlarmDirection; targetPrice: number; percent: number | null },
  current: number,
): Pick<AlarmTarget, "targetPrice" | "basePrice"> {
  if (alarm.kind === "percent" && alarm.percent !== null) {
    return { targetPrice: percentTarget(current, alarm.percent), basePrice: current };
  }
  if (alarmDirectionOf(alarm.targetPrice, current) !== alarm.direction) {
    throw alarmErrors.alreadyCrossed("direction", alarm.targetPrice, current);
  }
  return { targetPrice: alarm.targetPrice, basePrice: current };
}
