import { Packages, PointsProducts } from "../../../contract/constants.ts";
import type { ProductType } from "./ports.ts";
import { usdtToMicro } from "./usdt-amount.ts";

/** A package on sale: its price and the card it gives for how many days. */
export interface PackageProduct {
  productType: "CARDS";
  productId: number;
  name: string;
  priceMicro: number;
  card: string;
  days: number;
  /** trials: once per account */
  oncePerAccount: boolean;
}

/** A points product on sale: its price and the points (with the extra) it credits. */
export interface PointsProduct {
  productType: "POINTS";
  productId: number;
  chargeId: number;
  priceMicro: number;
  points: number;
  extraPoints: number;
  oncePerAccount: false;
}

export type Product = PackageProduct | PointsProduct;

const packages: readonly PackageProduct[] = Packages.map((item) => ({
  productType: "CARDS",
  productId: item.productId,
  name: item.name,
  priceMicro: usdtToMicro(item.priceUsdt),
  card: item.card,
  days: item.days,
  oncePerAccount: item.oncePerAccount,
}));

const pointsProducts: readonly PointsProduct[] = PointsProducts.map((item) => ({
  productType: "POINTS",
  productId: item.productId,
  chargeId: item.chargeId,
  priceMicro: usdtToMicro(item.priceUsdt),
  points: item.points,
  extraPoints: item.extraPoints,
  oncePerAccount: false,
}));

/** Every package and points product, in catalogue order. */
export const catalogue = { packages, pointsProducts } as const;

/**
 * The product a request names: a package by productId (CARDS), a points product by chargeId or productId (POINTS;
 * spec §3 names it by both). Without a type the product id is looked up in both: their ids do not overlap.
 */
export function findProduct(request: {
  productType?: ProductType;
  productId?: number;
  chargeId?: number;
}): Product | undefined {
  const { productType, productId, chargeId } = request;
  if (productType !== "POINTS" && productId !== undefined) {
    const item = packages.find((candidate) => candidate.productId === productId);
    if (item || productType === "CARDS") return item;
  }
  if (productType === "CARDS") return undefined;
  if (chargeId !== undefined) return pointsProducts.find((candidate) => candidate.chargeId === chargeId);
  return pointsProducts.find((candidate) => candidate.productId === productId);
}

/** The points a points product credits: its points and its extra points. */
export const pointsOf = (product: PointsProduct): number => product.points + product.extraPoints;
