import { atom } from "jotai";
import { z } from "zod";
import { SWAP_SLIPPAGE_DEFAULT, type SwapToken, swapTokenSchema } from "../../../contract/swap.ts";
import { type SettingCodec, settingAtom } from "../../shared/settings/setting-atom.ts";

/** Spec §3 "Persisted locally: ... swap tokens": the pair the user last chose, whole, so it shows before lists load. */
export const swapPairSchema = z.object({
  from: swapTokenSchema.nullable(),
  to: swapTokenSchema.nullable(),
});
export type SwapPair = z.infer<typeof swapPairSchema>;

const pairCodec: SettingCodec<SwapPair> = {
  parse(raw) {
    try {
      const parsed = swapPairSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  },
  serialize: (value) => JSON.stringify(value),
};

export const swapTokensAtom = settingAtom<SwapPair>("swapTokens", { from: null, to: null }, pairCodec);

/** The slippage chosen in this session (percent text); the swap sub-state of spec §3 */
export const swapSlippageAtom = atom<string>(SWAP_SLIPPAGE_DEFAULT);

export type { SwapToken };
