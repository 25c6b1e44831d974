import { alarmDirectionOf, type PriceAlarm } from "../../../contract/alarms.ts";

/**
 * Whether a fired alarm can be armed again now. A percent alarm can (it measures its move from the price then); a
 * price alarm only once the price is back on the side it was armed from, since the server refuses a target the price
 * has already crossed (the contract's rule, which the server and the bot use too). `price` is the coin's last live price, undefined when none has arrived.
 */
export function canRearm(alarm: Pick<PriceAlarm, "kind" | "direction" | "price">, price: number | undefined): boolean {
  if (alarm.kind === "percent") return true;
  return price !== undefined && alarmDirectionOf(alarm.price, price) === alarm.direction;
}
