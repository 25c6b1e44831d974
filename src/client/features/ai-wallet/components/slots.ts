import type { ComponentType } from "react";

/** A token as the AI wallet's trade form holds it (a held coin, or one picked from the swap token list). */
export interface TradeToken {
  chainId: number;
  address: string;
  symbol: string;
  decimals: number;
  logoURI: string | null;
}

export interface TokenPickerSlotProps {
  title: string;
  /** the chains the AI wallet works on; the picker offers these */
  chainIds: readonly number[];
  /** the chain it opens on */
  chainId: number;
  selected: TradeToken | null;
  /** the AI wallet's address: its balances beside the tokens */
  walletAddress: string;
  onSelect: (token: TradeToken) => void;
  onClose: () => void;
}

export interface SlippageSlotProps {
  value: string;
  onChange: (value: string) => void;
}

/**
 * What the AI wallet's trade panel borrows from the swap feature, handed in by the page (features do not import
 * each other): the token picker over the swap token list, and the slippage setting.
 */
export interface AiWalletSlots {
  TokenPicker: ComponentType<TokenPickerSlotProps>;
  Slippage: ComponentType<SlippageSlotProps>;
}
