import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { ChainEntry, SwapToken } from "../../../../contract/swap.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useSwapTokenList, useWalletAssets } from "../api/swap-api.ts";
import { pairAssetTokens, sameAddress } from "../swap-logic.ts";

export interface TokenPickerDialogProps {
  open: boolean;
  title: string;
  chains: readonly ChainEntry[];
  /** the chain the picker opens on */
  chainId: number;
  selected: SwapToken | null;
  /** the connected wallet: balances beside the tokens */
  walletAddress: string | null;
  /** the chosen pair: its tokens on the picker's chain are read with the balances (the screen's own read) */
  pair?: readonly (SwapToken | null)[];
  onSelect: (token: SwapToken) => void;
  onClose: () => void;
}

/** The token list filtered by symbol, name or contract address (case-insensitive). */
export function filterTokens(tokens: readonly SwapToken[], query: string): SwapToken[] {
  const needle = query.trim().toLowerCase();
  const enabled = tokens.filter((token) => token.isEnable);
  if (needle === "") return enabled;
  return enabled.filter(
    (token) =>
      token.symbol.toLowerCase().includes(needle) ||
      token.name.toLowerCase().includes(needle) ||
      token.address.toLowerCase() === needle ||
      (needle.startsWith("0x") && needle.length >= 6 && token.address.toLowerCase().startsWith(needle)),
  );
}

/** Spec §2/§3: a chain selector (the chains swaps are offered on) and the chain's built-in token list. */
export function TokenPickerDialog(props: TokenPickerDialogProps) {
  // a fresh picker each time it opens (its chain and search start from the current choice)
  return props.open ? <TokenPickerBody {...props} /> : null;
}

function TokenPickerBody({
  title,
  chains,
  chainId,
  selected,
  walletAddress,
  pair = [],
  onSelect,
  onClose,
}: TokenPickerDialogProps) {
  const { t, i18n } = useLingui();
  const [chain, setChain] = useState(chainId);
  const [query, setQuery] = useState("");
  const chainSelectId = useId();
  const searchId = useId();
  const list = useSwapTokenList(chain);
  const assets = useWalletAssets(walletAddress, chain, pairAssetTokens(chain, pair));
  const tokens = filterTokens(list.data?.tokens ?? [], query);
  const balanceOf = (token: SwapToken) =>
    assets.data?.assets.find((asset) => sameAddress(asset.address, token.address))?.balance;

  return (
    <Dialog open onClose={onClose} title={title} className="swap-picker">
      <div className="swap-picker__filters">
        <label className="field__label" htmlFor={chainSelectId}>
          {t`Network`}
        </label>
        <select
          id={chainSelectId}
          className="input swap-picker__chain"
          value={chain}
          onChange={(event) => setChain(Number(event.currentTarget.value))}
        >
          {chains.map((entry) => (
            <option key={entry.chainId} value={entry.chainId}>
              {entry.name}
            </option>
          ))}
        </select>
        <label className="field__label" htmlFor={searchId}>
          {t`Search`}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          placeholder={t`Name, symbol or contract address`}
          autoComplete="off"
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      {list.error ? (
        <p className="swap-error" role="alert">
          {i18n._(messageForKey(isApiError(list.error) ? list.error.key : "Serverbusy"))}
        </p>
      ) : list.data === undefined ? (
        <p className="swap-muted" role="status">
          {t`Loading tokens…`}
        </p>
      ) : tokens.length === 0 ? (
        <p className="swap-muted" role="status">
          {t`No token matches your search.`}
        </p>
      ) : (
        <ul className="swap-picker__list" aria-label={t`Tokens`}>
          {tokens.map((token) => {
            const balance = balanceOf(token);
            const current =
              selected !== null && selected.chainId === token.chainId && sameAddress(selected.address, token.address);
            return (
              <li key={token.address}>
                <button
                  type="button"
                  className="swap-picker__token"
                  aria-current={current ? "true" : undefined}
                  onClick={() => onSelect(token)}
                >
                  <TokenLogo token={token} />
                  <span className="swap-picker__names">
                    <span className="swap-picker__symbol">{token.symbol}</span>
                    <span className="swap-muted">{token.name}</span>
                  </span>
                  {balance !== undefined ? (
                    <span className="swap-picker__balance">{formatTokenAmount(balance)}</span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.data ? <p className="swap-muted swap-picker__source">{t`Token list: ${list.data.source}`}</p> : null}
    </Dialog>
  );
}

export function TokenLogo({ token }: { token: Pick<SwapToken, "logoURI" | "symbol"> }) {
  const [broken, setBroken] = useState(false);
  if (!token.logoURI || broken) {
    return (
      <span className="swap-logo swap-logo--letter" aria-hidden="true">
        {token.symbol.slice(0, 1)}
      </span>
    );
  }
  return (
    <img
      className="swap-logo"
      src={token.logoURI}
      alt=""
      width={28}
      height={28}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
