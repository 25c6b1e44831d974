import { useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import { LIMIT_ORDER_DAYS_DEFAULT, LIMIT_ORDER_DAYS_MAX } from "../../../../contract/ai-wallet.ts";
import { NATIVE_TOKEN_ADDRESS, SWAP_SLIPPAGE_DEFAULT } from "../../../../contract/swap.ts";
import { useHost } from "../../../host/host-context.tsx";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { SwitchTokensButton } from "../../../shared/ui/SwitchTokensButton.tsx";
import { TabList, tabId, tabPanelId } from "../../../shared/ui/TabList.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import {
  amountIssue,
  apiAmount,
  cleanAmount,
  expiryDaysValue,
  type LimitSide,
  limitPriceValue,
  maxSellable,
  outcomeUnknown,
  RequestIds,
  slippageValue,
  watchedToken,
} from "../ai-wallet-logic.ts";
import { expiryDaysText, type FormFailure } from "../ai-wallet-text.ts";
import { type AiAccount, aiSwap, placeLimitOrder } from "../api/ai-wallet-api.ts";
import { LimitPriceNote } from "./LimitPriceNote.tsx";
import { NetworkSelect } from "./NetworkSelect.tsx";
import { FailureNote } from "./parts.tsx";
import type { AiWalletSlots, TradeToken } from "./slots.ts";
import { TradeResult } from "./TradeResult.tsx";
import { type TradeMode, type TradeOutcome, tradeModes } from "./trade-types.ts";
import { useFormCall } from "./use-form-call.ts";
import "../../../shared/ui/form.css";
import "../../../shared/ui/token-pair.css";

const sameToken = (a: TradeToken | null, b: TradeToken | null) =>
  a !== null && b !== null && a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase();

const isNative = (token: TradeToken) => token.address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase();

/** The coin to pay with at first: the chain's coin when the wallet holds it, else the coin worth the most there. */
function firstFrom(account: AiAccount, chainId: number | null): TradeToken | null {
  const held = account.coins.filter((coin) => coin.chainId === chainId && coin.balance !== "0");
  const pick =
    held.find((coin) => coin.address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()) ??
    [...held].sort((a, b) => (b.usdValue ?? 0) - (a.usdValue ?? 0))[0];
  return pick
    ? {
        chainId: pick.chainId,
        address: pick.address,
        symbol: pick.symbol,
        decimals: pick.decimals,
        logoURI: pick.logoURI,
      }
    : null;
}

export interface TradePanelProps {
  account: AiAccount;
  slots: AiWalletSlots;
  mode: TradeMode;
  onModeChange: (mode: TradeMode) => void;
  /** a swap was made or an order placed: the balances and the orders are read again */
  onTraded: (outcome: TradeOutcome) => void;
  /** a swap still under way is read again this often until its status is final (0: never) */
  orderPollMs: number;
}

/**
 * Trade from the AI wallet: a market swap signed by the server at once (aiAccountSwap), or a limit order watched
 * against the market and executed once when crossed (aiAccountLimitSwap; spec §5: limit orders only with the AI
 * wallet). Each submit carries a requestId. Trying the same request again after a failure whose outcome is unknown
 * reuses it, so it is done once; after an answer that says nothing was done (a failed swap, a refusal, the chain's
 * node unreachable) the next press is a new request.
 */
export function TradePanel({ account, slots, mode, onModeChange, onTraded, orderPollMs }: TradePanelProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const baseId = useId();
  const readableChains = account.chains.filter((chain) => chain.readable);
  const chainIds = account.chains.map((chain) => chain.chainId);
  const [chainId, setChainId] = useState<number | null>(
    readableChains[0]?.chainId ?? account.chains[0]?.chainId ?? null,
  );
  const [from, setFrom] = useState<TradeToken | null>(() => firstFrom(account, chainId));
  const [to, setTo] = useState<TradeToken | null>(null);
  const [amountText, setAmountText] = useState("");
  const [slippage, setSlippage] = useState<string>(SWAP_SLIPPAGE_DEFAULT);
  const [side, setSide] = useState<LimitSide>("sell");
  const [limitText, setLimitText] = useState("");
  const [daysText, setDaysText] = useState(String(LIMIT_ORDER_DAYS_DEFAULT));
  const [picker, setPicker] = useState<"from" | "to" | null>(null);
  const { busy, failure, setFailure, call } = useFormCall();
  const [outcome, setOutcome] = useState<TradeOutcome | null>(null);
  const marketIds = useRef(new RequestIds());
  const limitIds = useRef(new RequestIds());
  const { TokenPicker, Slippage } = slots;

  const balanceOf = (token: TradeToken | null) =>
    token
      ? (account.coins.find(
          (coin) => coin.chainId === token.chainId && coin.address.toLowerCase() === token.address.toLowerCase(),
        )?.balance ?? "0")
      : null;
  const fromBalance = balanceOf(from);
  const watched = watchedToken(side, from, to);
  const watchedSymbol = watched?.symbol ?? "";
  const fieldLabels = {
    amount: t`Amount to pay`,
    limitPrice: t`Limit price (USDT)`,
    slippage: t`Slippage tolerance`,
    expiresInDays: t`Expires after (days)`,
  };

  const changeChain = (next: number) => {
    setChainId(next);
    setFrom(firstFrom(account, next));
    setTo(null);
    setAmountText("");
    setFailure(null);
  };

  const pick = (which: "from" | "to", token: TradeToken) => {
    setPicker(null);
    setFailure(null);
    if (token.chainId !== chainId) {
      setChainId(token.chainId);
      if (which === "from") {
        setFrom(token);
        setTo(null);
      } else {
        setTo(token);
        setFrom(firstFrom(account, token.chainId));
      }
      setAmountText("");
      return;
    }
    if (which === "from") {
      if (sameToken(token, to)) setTo(from);
      setFrom(token);
      setAmountText("");
    } else {
      if (sameToken(token, from)) setFrom(to);
      setTo(token);
    }
  };

  const flip = () => {
    setFrom(to);
    setTo(from);
    setAmountText("");
    setFailure(null);
  };

  const fillMax = () => {
    if (!from || fromBalance === null) return;
    setAmountText(cleanAmount(maxSellable(fromBalance, from.decimals, isNative(from))));
  };

  /** The checks a user can fix before asking the server; the first failing one is shown at its field. */
  const check = (): FormFailure | null => {
    if (!from || !to || sameToken(from, to)) {
      return { field: "form", text: messageKeyText.unsupportedSwapPair, kyc: false };
    }
    const issue = amountIssue(amountText, from.decimals, fromBalance);
    if (issue) {
      const text =
        issue === "aboveBalance"
          ? messageKeyText.Insufficientbalance
          : issue === "tooManyDecimals"
            ? messageKeyText.invalidValue
            : messageKeyText.required;
      return { field: "amount", text, kyc: false };
    }
    if (slippageValue(slippage) === null) return { field: "slippage", text: messageKeyText.invalidValue, kyc: false };
    if (mode === "limit" && limitPriceValue(limitText) === null) {
      return { field: "limitPrice", text: messageKeyText.invalidValue, kyc: false };
    }
    if (mode === "limit" && expiryDaysValue(daysText) === null) {
      return { field: "expiresInDays", text: expiryDaysText, kyc: false };
    }
    return null;
  };

  const submit = async () => {
    if (busy) return;
    const problem = check();
    if (problem || !from || !to || chainId === null) {
      setFailure(problem);
      return;
    }
    const amount = apiAmount(amountText) ?? "";
    const slippageText = slippageValue(slippage) ?? SWAP_SLIPPAGE_DEFAULT;
    const ids = mode === "market" ? marketIds.current : limitIds.current;
    setOutcome(null);
    await call(
      async () => {
        if (mode === "market") {
          const request = { chainId, fromToken: from.address, toToken: to.address, amount, slippage: slippageText };
          const order = await aiSwap({ ...request, requestId: ids.idFor(request) });
          // every order answered ends its request: a failed one is tried again as a new swap
          ids.done();
          setOutcome({ kind: "market", order });
          onTraded({ kind: "market", order });
          if (order.status === "fail") {
            // nothing was swapped: the result says why, and the amount stays for another try
            host.haptics.notification("error");
            return;
          }
        } else {
          const request = {
            chainId,
            side,
            fromToken: from.address,
            toToken: to.address,
            amount,
            limitPrice: limitPriceValue(limitText) ?? 0,
            slippage: slippageText,
            expiresInDays: expiryDaysValue(daysText) ?? LIMIT_ORDER_DAYS_DEFAULT,
          };
          const order = await placeLimitOrder({ ...request, requestId: ids.idFor(request) });
          ids.done();
          setOutcome({ kind: "limit", order });
          onTraded({ kind: "limit", order });
        }
        setAmountText("");
        host.haptics.notification("success");
      },
      (error) => {
        if (!outcomeUnknown(error)) ids.done();
        host.haptics.notification("error");
      },
    );
  };

  const modeLabel = { market: t`Market`, limit: t`Limit order` };

  const tokenButton = (which: "from" | "to", token: TradeToken | null) => {
    const symbol = token?.symbol ?? "";
    const label =
      which === "from"
        ? token
          ? t`Token to pay: ${symbol}`
          : t`Token to pay: none chosen`
        : token
          ? t`Token to receive: ${symbol}`
          : t`Token to receive: none chosen`;
    return (
      <button
        type="button"
        className="token-button aiw-token"
        aria-label={label}
        disabled={busy || chainId === null}
        onClick={() => setPicker(which)}
      >
        <span className="aiw-logo" aria-hidden="true">
          {token ? symbol.slice(0, 1) : "?"}
        </span>
        <span>{token ? symbol : t`Select`}</span>
        <span aria-hidden="true">▾</span>
      </button>
    );
  };

  const fromShown = formatTokenAmount(fromBalance);
  const fromSymbol = from?.symbol ?? "";

  return (
    <div className="aiw-panel">
      <TabList<TradeMode>
        items={tradeModes}
        selected={mode}
        onSelect={(next) => {
          setFailure(null);
          setOutcome(null);
          onModeChange(next);
        }}
        baseId={baseId}
        label={t`Order type`}
        className="tab-list aiw-tabs"
        tabClassName="tab-list__tab aiw-tabs__tab"
      >
        {(item) => modeLabel[item]}
      </TabList>
      <form
        id={tabPanelId(baseId)}
        role="tabpanel"
        aria-labelledby={tabId(baseId, mode)}
        className="aiw-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <NetworkSelect chains={account.chains} value={chainId} disabled={busy} onChange={changeChain} />
        {mode === "limit" ? (
          <fieldset className="field">
            <legend className="field__label">{t`Side`}</legend>
            <div className="radio-group__options">
              {(["sell", "buy"] as const).map((option) => (
                <label key={option} className="radio-group__option">
                  <input
                    type="radio"
                    name={`${baseId}-side`}
                    value={option}
                    checked={side === option}
                    disabled={busy}
                    onChange={() => {
                      setSide(option);
                      setFailure(null);
                    }}
                  />
                  <span>{option === "sell" ? t`Sell` : t`Buy`}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="aiw-pair">
          {tokenButton("from", from)}
          <SwitchTokensButton layout="row" disabled={busy || from === null || to === null} onClick={flip} />
          {tokenButton("to", to)}
        </div>
        <TextField
          label={fieldLabels.amount}
          hint={from ? t`Balance: ${fromShown} ${fromSymbol}` : undefined}
          value={amountText}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          disabled={busy}
          error={failure?.field === "amount" ? i18n._(failure.text) : undefined}
          onValueChange={(value) => setAmountText(cleanAmount(value))}
          addon={
            <Button variant="ghost" disabled={busy || !from || fromBalance === "0"} onClick={fillMax}>
              {t`Max`}
            </Button>
          }
        />
        {mode === "limit" ? (
          <>
            <TextField
              label={fieldLabels.limitPrice}
              hint={
                watched
                  ? side === "sell"
                    ? t`Sell when 1 ${watchedSymbol} is worth this much or more.`
                    : t`Buy when 1 ${watchedSymbol} costs this much or less.`
                  : t`Choose both tokens first.`
              }
              value={limitText}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.0"
              disabled={busy}
              error={failure?.field === "limitPrice" ? i18n._(failure.text) : undefined}
              onValueChange={(value) => setLimitText(cleanAmount(value))}
            />
            <LimitPriceNote side={side} token={watched} limitText={limitText} />
            <TextField
              label={fieldLabels.expiresInDays}
              hint={t`1 to ${LIMIT_ORDER_DAYS_MAX} days. An order not executed by then expires; nothing is swapped.`}
              value={daysText}
              inputMode="numeric"
              autoComplete="off"
              disabled={busy}
              error={failure?.field === "expiresInDays" ? i18n._(failure.text) : undefined}
              onValueChange={(value) => {
                setDaysText(value.replace(/\D/g, "").slice(0, 3));
                if (failure?.field === "expiresInDays") setFailure(null);
              }}
            />
          </>
        ) : null}
        <Slippage value={slippage} onChange={setSlippage} />
        <FailureNote failure={failure} fieldLabels={fieldLabels} />
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
          {busy
            ? mode === "market"
              ? t`Swapping…`
              : t`Placing the order…`
            : mode === "market"
              ? t`Swap now`
              : t`Place limit order`}
        </Button>
      </form>
      {outcome ? (
        <TradeResult
          outcome={outcome}
          orderPollMs={orderPollMs}
          onClose={() => setOutcome(null)}
          onSettled={(order) => onTraded({ kind: "market", order })}
        />
      ) : null}
      {picker !== null && chainId !== null ? (
        <TokenPicker
          title={picker === "from" ? t`Select the token to pay` : t`Select the token to receive`}
          chainIds={chainIds}
          chainId={chainId}
          selected={picker === "from" ? from : to}
          walletAddress={account.address}
          onSelect={(token) => pick(picker, token)}
          onClose={() => setPicker(null)}
        />
      ) : null}
    </div>
  );
}
