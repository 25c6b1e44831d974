import type { StarsSettings } from "../../../config.ts";
import type { Database } from "../../../db/client.ts";
import type { Logger } from "../../../logger.ts";
import type { Clock } from "../../../providers/clock.ts";
import type { UsersRepository } from "../../accounts/users.repository.ts";
import type { ProductGrants } from "../ports.ts";
import { createStarsInvoiceService, type StarsInvoiceLinks } from "./stars-invoices.service.ts";
import { createStarsOrders, type NewStarsOrder, type OrderRow } from "./stars-orders.ts";
import { createStarsPayments } from "./stars-payments.ts";
import { createStarsPrices } from "./stars-prices.ts";

export interface StarsDeps {
  db: Database;
  clock: Clock;
  users: Pick<UsersRepository, "findById" | "findByTelegramId">;
  /** what a paid order gives, and takes back on a refund */
  grants: ProductGrants;
  settings: StarsSettings;
  logger: Logger;
  /** the bot's invoice links, once the bot exists (undefined without one) */
  links: () => StarsInvoiceLinks | undefined;
  /** the purchase service's order writer (9001 for no product, 9004 for a trial again) */
  createOrder: (input: NewStarsOrder) => Promise<OrderRow>;
}

/**
 * Telegram Stars, composed: the prices of the configuration, the bot's side (checkout, crediting, refunds) and the
 * app's (invoices). The composition root hands `payments` to the bot's features and `invoices` to the HTTP routes.
 */
export function createStars(deps: StarsDeps) {
  const prices = createStarsPrices(deps.settings);
  const orders = createStarsOrders(deps.db, deps.clock);
  const payments = createStarsPayments({ orders, prices, users: deps.users, grants: deps.grants, logger: deps.logger });
  const invoices = createStarsInvoiceService({
    orders,
    prices,
    users: deps.users,
    links: deps.links,
    logger: deps.logger,
    createOrder: deps.createOrder,
  });
  return { prices, payments, invoices };
}

export type Stars = ReturnType<typeof createStars>;
