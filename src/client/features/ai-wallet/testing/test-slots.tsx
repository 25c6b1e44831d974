import { NATIVE_TOKEN_ADDRESS } from "../../../../contract/swap.ts";
import type { AiWalletSlots, SlippageSlotProps, TokenPickerSlotProps, TradeToken } from "../components/slots.ts";
import { USDT } from "./ai-wallet-fixtures.ts";

/** The tokens the test picker offers on chain 1. */
export const PICKABLE: readonly TradeToken[] = [
  { chainId: 1, address: NATIVE_TOKEN_ADDRESS, symbol: "ETH", decimals: 18, logoURI: null },
  { chainId: 1, address: USDT, symbol: "USDT", decimals: 6, logoURI: null },
];

/** A plain list in place of the swap feature's picker (the page test uses the real one). */
function TestTokenPicker({ title, onSelect, onClose }: TokenPickerSlotProps) {
  return (
    <div role="dialog" aria-label={title}>
      {PICKABLE.map((token) => (
        <button key={token.address} type="button" onClick={() => onSelect(token)}>
          {token.symbol}
        </button>
      ))}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function TestSlippage({ value, onChange }: SlippageSlotProps) {
  return (
    <label>
      Slippage (%)
      <input value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </label>
  );
}

export const testSlots: AiWalletSlots = { TokenPicker: TestTokenPicker, Slippage: TestSlippage };
