import { type SwapScreenQuery, swapScreenQuerySchema } from "../../../contract/chat.ts";

/** The prefill the aiSwap chat (or a link) hands over; a name that does not read is left out, not guessed. */
export function swapPrefillOf(search: string): SwapScreenQuery {
  const params = new URLSearchParams(search);
  const shape = swapScreenQuerySchema.shape;
  const read = <T>(name: keyof typeof shape, parse: (value: string) => T | undefined): T | undefined => {
    const value = params.get(name);
    return value === null ? undefined : parse(value);
  };
  const prefill: SwapScreenQuery = {};
  const fromChainId = read("fromChainId", (value) => shape.fromChainId.safeParse(value).data);
  const toChainId = read("toChainId", (value) => shape.toChainId.safeParse(value).data);
  const fromToken = read("fromToken", (value) => shape.fromToken.safeParse(value).data);
  const toToken = read("toToken", (value) => shape.toToken.safeParse(value).data);
  const amount = read("amount", (value) => shape.amount.safeParse(value).data);
  if (fromChainId !== undefined) prefill.fromChainId = fromChainId;
  if (toChainId !== undefined) prefill.toChainId = toChainId;
  if (fromToken !== undefined) prefill.fromToken = fromToken;
  if (toToken !== undefined) prefill.toToken = toToken;
  if (amount !== undefined) prefill.amount = amount;
  return prefill;
}
