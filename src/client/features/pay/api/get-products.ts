import useSWR from "swr";
import { type ProductsData, payRoutes, productsDataSchema } from "../../../../contract/pay.ts";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { http } from "../../../shared/api/http.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";

export const productsPath = payRoutes.payProducts.path;

/** GET pay/products: the packages and points products on sale, the top-up chains, and whether Stars are offered. */
export function getProducts(): Promise<ProductsData> {
  return http.get(productsPath, { parse: (data) => productsDataSchema.parse(data) });
}

/** The catalogue is the same for visitors and users, so the plans page reads it signed out too. */
export function useProducts() {
  return useSWR<ProductsData, ApiError, typeof productsPath>(productsPath, getProducts, swrOptions);
}
