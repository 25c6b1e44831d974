import { MICRO_PER_USDT, Packages, PointsProducts } from "../../../../contract/constants.ts";
import type { StarsSettings } from "../../../config.ts";
import type { ProductType } from "../ports.ts";

/** A catalogue product as Stars sell it: what it is, its USDT price and its price in whole Stars. */
export interface StarsProduct {
  productType: ProductType;
  /** the catalogue's productId (a package's, or a points product's) */
  productId: number;
  /** a points product's chargeId; undefined for packages */
  chargeId: number | undefined;
  priceMicro: number;
  priceStars: number;
  /** packages: the plan's name (trial1, monthly, ...); points: undefined */
  packageName: string | undefined;
  /** packages: days of the card; points: undefined */
  days: number | undefined;
  /** points products: the points with their extra; packages: undefined */
  points: number | undefined;
  /** trials: once per account */
  oncePerAccount: boolean;
}

export interface StarsPrices {
  /** every product with its Stars price */
  list(): readonly StarsProduct[];
  /** the price in Stars of a catalogue product, or null when there is no such product */
  priceOf(productType: ProductType, productId: number): number | null;
  /** the product a request names: productId (CARDS or POINTS) or chargeId (POINTS) */
  find(request: { productType: ProductType; productId?: number; chargeId?: number }): StarsProduct | undefined;
}

const toMicro = (usdt: string) => Math.round(Number(usdt) * MICRO_PER_USDT);

/**
 * Stars prices from the configuration: STARS_PRICES names a product's own price; every other product costs its
 * USDT price times STARS_PER_USDT, rounded up to a whole Star (Telegram takes whole Stars, at least one).
 */
export function createStarsPrices(settings: Pick<StarsSettings, "perUsdt" | "prices">): StarsPrices {
  const stars = (key: string, priceMicro: number) =>
    settings.prices[key] ?? Math.max(1, Math.ceil((priceMicro * settings.perUsdt) / MICRO_PER_USDT - 1e-9));
  const products: StarsProduct[] = [
    ...Packages.map((p) => {
      const priceMicro = toMicro(p.priceUsdt);
      return {
        productType: "CARDS" as const,
        productId: p.productId,
        chargeId: undefined,
        priceMicro,
        priceStars: stars(`CARDS:${p.productId}`, priceMicro),
        packageName: p.name,
        days: p.days,
        points: undefined,
        oncePerAccount: p.oncePerAccount,
      };
    }),
    ...PointsProducts.map((p) => {
      const priceMicro = toMicro(p.priceUsdt);
      return {
        productType: "POINTS" as const,
        productId: p.productId,
        chargeId: p.chargeId,
        priceMicro,
        priceStars: stars(`POINTS:${p.productId}`, priceMicro),
        packageName: undefined,
        days: undefined,
        points: p.points + p.extraPoints,
        oncePerAccount: false,
      };
    }),
  ];
  const find: StarsPrices["find"] = (request) =>
    products.find(
      (p) =>
        p.productType === request.productType &&
        (request.productId !== undefined ? p.productId === request.productId : p.chargeId === request.chargeId),
    );
  return {
    list: () => products,
    priceOf: (productType, productId) => find({ productType, productId })?.priceStars ?? null,
    find,
  };
}
