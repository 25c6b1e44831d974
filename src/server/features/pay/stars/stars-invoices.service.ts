import { ErrorCode } from "../../../../contract/errors.ts";
import type { StarsInvoiceData } from "../../../../contract/stars.ts";
import { ApiError } from "../../../api-error.ts";
import type { Logger } from "../../../logger.ts";
import type { UsersRepository } from "../../accounts/users.repository.ts";
import type { ProductType } from "../ports.ts";
import type { NewStarsOrder, OrderRow, StarsOrders } from "./stars-orders.ts";
import type { StarsPrices, StarsProduct } from "./stars-prices.ts";

/** What the bot makes an invoice link with (createInvoiceLink); absent when the server runs no bot. */
export interface StarsInvoiceLinks {
  /** Telegram's link for the order's invoice: XTR, no provider token, one price, the order number as payload */
  create(invoice: { orderNo: string; product: StarsProduct; language: "en" | "zh" }): Promise<string>;
}

export interface StarsInvoiceRequest {
  productType: ProductType;
  productId?: number;
  chargeId?: number;
  language: "en" | "cn";
}

const starsUnavailable = () =>
  new ApiError(
    ErrorCode.RequestFailed,
    "starsUnavailable",
    400,
    [],
    "Telegram Stars need the bot, which this server does not run (no BOT_TOKEN)",
  );

/**
 * pay/stars/invoice: opens a pending order paid in Stars for the signed-in account and answers the invoice link
 * the bot made for it. Only an account with a Telegram identity can pay with Stars: the bot accepts the payment
 * only from the Telegram user the account belongs to.
 */
export function createStarsInvoiceService(deps: {
  orders: Pick<StarsOrders, "hasBought" | "markFailed">;
  /** writes the pending order (the purchase service's createOrder: 9001 for no product, 9004 for a trial again) */
  createOrder(input: NewStarsOrder): Promise<OrderRow>;
  prices: StarsPrices;
  users: Pick<UsersRepository, "findById">;
  /** the bot's invoice links; undefined while the server runs no bot (read per request: the bot is made later) */
  links: () => StarsInvoiceLinks | undefined;
  logger: Logger;
}) {
  const { orders, prices, users } = deps;
  const log = deps.logger.child({ component: "stars" });
  return {
    /** whether Stars can be offered here (the bot runs) */
    available: () => deps.links() !== undefined,
    async createInvoice(userId: number, request: StarsInvoiceRequest): Promise<StarsInvoiceData> {
      const links = deps.links();
      if (!links) throw starsUnavailable();
      const product = prices.find(request);
      if (!product) {
        const field = request.productId !== undefined ? "productId" : "chargeId";
        throw new ApiError(
          ErrorCode.PaymentScenarioMissing,
          "payScenarioMissing",
          400,
          [{ field, key: "payScenarioMissing" }],
          "no such product",
        );
      }
      const user = await users.findById(userId);
      if (!user?.telegramId) {
        throw new ApiError(
          ErrorCode.RequestFailed,
          "telegramAccountRequired",
          403,
          [],
          "paying with Telegram Stars needs an account signed in with Telegram",
        );
      }
      if (product.oncePerAccount && (await orders.hasBought(userId, product))) {
        throw new ApiError(ErrorCode.CannotBuyTwice, "cannotBuyTwice", 400, [], "this trial was bought before");
      }
      const order = await deps.createOrder({
        userId,
        productType: product.productType,
        productId: product.productId,
        payMethod: "stars",
        priceStars: product.priceStars,
      });
      try {
        const invoiceLink = await links.create({
          orderNo: order.orderNo,
          product,
          language: request.language === "cn" ? "zh" : "en",
        });
        return { orderNo: order.orderNo, invoiceLink, priceStars: product.priceStars };
      } catch (error) {
        log.error({ err: error, orderNo: order.orderNo }, "telegram refused to make a stars invoice link");
        await orders.markFailed(order.orderNo, "Serverbusy");
        throw new ApiError(ErrorCode.RequestFailed, "Serverbusy", 502, [], "the invoice link could not be made");
      }
    },
  };
}

export type StarsInvoiceService = ReturnType<typeof createStarsInvoiceService>;
