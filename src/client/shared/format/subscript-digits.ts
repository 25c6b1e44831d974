export { toSubscriptDigits } from "../../../contract/price-format.ts";
