import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "wouter";
import type { SwapScreenQuery } from "../../../../contract/chat.ts";
import { Timing } from "../../../../contract/constants.ts";
import type { MessageKey } from "../../../../contract/message-keys.ts";
import type { SwapOrder, SwapToken } from "../../../../contract/swap.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { SwitchTokensButton } from "../../../shared/ui/SwitchTokensButton.tsx";
import { ChainSwitchError, switchToChain } from "../../../shared/wallet/chain-switch.ts";
import { ADDRESS_PATTERN, providerErrorCode, USER_REJECTED } from "../../../shared/wallet/eip1193.ts";
import { isWalletConnectChain } from "../../../shared/wallet/walletconnect-chains.ts";
import {
  addSwapTransData,
  cancelSwapOrder,
  getOrderStatus,
  getSwapData,
  useSupportChainList,
  useSwapTokenList,
  useWalletAssets,
} from "../api/swap-api.ts";
import { useRefreshSwapOrders } from "../orders/use-swap-orders.ts";
import {
  allowanceCallData,
  amountUnits,
  apiAmount,
  checkSlippage,
  cleanAmountInput,
  isNativeToken,
  maxAmountText,
  pairAssetTokens,
  type SwapAction,
  sameAddress,
  swapAction,
} from "../swap-logic.ts";
import { swapSlippageAtom, swapTokensAtom } from "../swap-state.ts";
import { type QuoteClock, useSwapQuote } from "../use-swap-quote.ts";
import {
  defaultSwapTiming,
  newRequestId,
  runSwapFlow,
  SwapFlowError,
  type SwapFlowTiming,
} from "../wallet/swap-flow.ts";
import { type SwapWallet, useSwapWallet } from "../wallet/use-swap-wallet.ts";
import { QuoteDetails } from "./QuoteDetails.tsx";
import { SlippageSetting } from "./SlippageSetting.tsx";
import { SwapProgress, type SwapRun } from "./SwapProgress.tsx";
import { TokenLogo, TokenPickerDialog } from "./TokenPickerDialog.tsx";
// its fields (.field, .input) are the app's form fields, also on a direct visit to /swap
import "../../../shared/ui/card.css";
import "../../../shared/ui/form.css";
import "../../../shared/ui/token-pair.css";
import "./swap.css";

export interface SwapScreenProps {
  /** what the aiSwap chat (or a link) hands the screen: chains, tokens (address or symbol), the amount to pay */
  prefill?: SwapScreenQuery;
  /** spec §9 debounce before a quote is asked */
  debounceMs?: number;
  flowTiming?: SwapFlowTiming;
  /** where the quote's expiry is read against (tests pass a fake clock) */
  clock?: QuoteClock;
}

const PREFERRED_QUOTE_SYMBOLS = ["USDT", "USDC", "DAI"];

function findToken(tokens: readonly SwapToken[], wanted: string | undefined): SwapToken | undefined {
  if (!wanted) return undefined;
  const needle = wanted.trim().toLowerCase();
  return (
    tokens.find((token) => token.address.toLowerCase() === needle) ??
    tokens.find((token) => token.symbol.toLowerCase() === needle)
  );
}

function defaultFrom(tokens: readonly SwapToken[]): SwapToken | undefined {
  return tokens.find((token) => isNativeToken(token.address)) ?? tokens[0];
}

function defaultTo(tokens: readonly SwapToken[], from: SwapToken | undefined): SwapToken | undefined {
  const others = tokens.filter((token) => !from || !sameAddress(token.address, from.address));
  for (const symbol of PREFERRED_QUOTE_SYMBOLS) {
    const found = others.find((token) => token.symbol.toUpperCase() === symbol);
    if (found) return found;
  }
  return others[0];
}

function sameToken(a: SwapToken | null, b: SwapToken | null): boolean {
  return a !== null && b !== null && a.chainId === b.chainId && sameAddress(a.address, b.address);
}

/** Both empty, or the same token. */
function samePick(a: SwapToken | null, b: SwapToken | null): boolean {
  return (a === null && b === null) || sameToken(a, b);
}

/** The failures without a message key of their own (rejected and wrongNetwork read userRejected, wrongNetwork). */
const walletFailureText: Record<Exclude<SwapFlowError["failure"], "rejected" | "wrongNetwork">, MessageDescriptor> = {
  approvalFailed: msg`The approval did not go through on chain. Nothing was swapped.`,
  walletFailed: msg`Your wallet could not send the transaction. Nothing was swapped.`,
  reportFailed: msg`Your wallet sent the transaction, but the server could not record it. It is on the chain: keep the hash below and check it in the explorer.`,
};

function failureMessage(error: unknown): { text: MessageDescriptor; order: SwapOrder | null; sentHash: string | null } {
  if (error instanceof SwapFlowError) {
    const failure = error.failure;
    return {
      text:
        failure === "rejected"
          ? messageForKey("userRejected")
          : failure === "wrongNetwork"
            ? messageForKey("wrongNetwork")
            : walletFailureText[failure],
      order: error.order,
      sentHash: error.hash,
    };
  }
  if (isApiError(error)) return { text: messageForKey(error.key), order: null, sentHash: null };
  console.error("The swap failed", error);
  return { text: messageForKey("Serverbusy"), order: null, sentHash: null };
}

/** Reads the wallet's allowance for the quote's spender (ERC-20 sales): whether an approval comes first. */
function useNeedsApproval(
  wallet: SwapWallet | null,
  onFromChain: boolean,
  token: SwapToken | null,
  approval: { spender: string; amount: string } | null | undefined,
): boolean {
  const [allowance, setAllowance] = useState<{ key: string; value: bigint | null } | null>(null);
  const provider = wallet?.provider;
  const owner = wallet?.address;
  const key = approval && token && owner ? `${owner}:${token.address}:${approval.spender}:${approval.amount}` : "";
  useEffect(() => {
    if (!provider || !owner || !token || !approval || !onFromChain || isNativeToken(token.address)) return;
    let live = true;
    const readKey = `${owner}:${token.address}:${approval.spender}:${approval.amount}`;
    void (async () => {
      try {
        const answer = await provider.request({
          method: "eth_call",
          params: [{ to: token.address, data: allowanceCallData(owner, approval.spender) }, "latest"],
        });
        const value = typeof answer === "string" && /^0x[0-9a-fA-F]+$/.test(answer) ? BigInt(answer) : null;
        if (live) setAllowance({ key: readKey, value });
      } catch (error) {
        console.warn("Reading the allowance failed", error);
        if (live) setAllowance({ key: readKey, value: null });
      }
    })();
    return () => {
      live = false;
    };
  }, [provider, owner, token, approval, onFromChain]);
  if (!approval || !token || isNativeToken(token.address)) return false;
  if (allowance === null || allowance.key !== key || allowance.value === null) return true;
  return allowance.value < BigInt(approval.amount);
}

/**
 * Spec §2 swap screen: tokens and chains, the wallet's balances, amount, slippage, receive address, the quote, and
 * the swap signed in the user's own wallet, followed to its end (spec §4).
 */
export function SwapScreen({
  prefill,
  debounceMs = Timing.debounceMs,
  flowTiming = defaultSwapTiming,
  clock,
}: SwapScreenProps) {
  const { t, i18n } = useLingui();
  const loginStatus = useAtomValue(loginStatusAtom);
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const refreshOrders = useRefreshSwapOrders();
  const chainList = useSupportChainList();
  const chains = useMemo(
    () => (chainList.data?.chains ?? []).filter((chain) => chain.isEvm && chain.swappable),
    [chainList.data],
  );
  const [pair, setPair] = useAtom(swapTokensAtom);
  const [slippage, setSlippage] = useAtom(swapSlippageAtom);
  const [amountText, setAmountText] = useState(() => (prefill?.amount ? cleanAmountInput(prefill.amount) : ""));
  const [receiveText, setReceiveText] = useState("");
  const [picker, setPicker] = useState<"from" | "to" | null>(null);
  const [notice, setNotice] = useState<MessageDescriptor | null>(null);
  const [run, setRun] = useState<SwapRun>({ phase: "idle" });
  const abortRef = useRef<AbortController | null>(null);
  const swapWallet = useSwapWallet();
  const { wallet } = swapWallet;
  const amountId = useId();
  const receiveId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  // The pair: the aiSwap chat's (or a link's) prefill, else the persisted one, else the chain's coin → a stablecoin.
  const hasPrefill =
    prefill !== undefined &&
    (prefill.fromChainId !== undefined ||
      prefill.toChainId !== undefined ||
      prefill.fromToken !== undefined ||
      prefill.toToken !== undefined);
  const [prefillDone, setPrefillDone] = useState(!hasPrefill);
  const walletChain = wallet && chains.some((chain) => chain.chainId === wallet.chainId) ? wallet.chainId : undefined;
  const fillFromChain =
    (prefillDone ? pair.from?.chainId : prefill?.fromChainId) ??
    pair.from?.chainId ??
    walletChain ??
    chains[0]?.chainId;
  const fillToChain = (prefillDone ? pair.to?.chainId : prefill?.toChainId) ?? fillFromChain;
  const fillNeeded = !prefillDone || pair.from === null || pair.to === null;
  const fromFill = useSwapTokenList(fillNeeded && fillFromChain !== undefined ? fillFromChain : null);
  const toFill = useSwapTokenList(fillNeeded && fillToChain !== undefined ? fillToChain : null);
  useEffect(() => {
    if (!fillNeeded || !fromFill.data || !toFill.data) return;
    if (fromFill.data.chainId !== fillFromChain || toFill.data.chainId !== fillToChain) return;
    const fromTokens = fromFill.data.tokens.filter((token) => token.isEnable);
    const toTokens = toFill.data.tokens.filter((token) => token.isEnable);
    const usePersisted = prefillDone;
    const from =
      (!usePersisted ? findToken(fromTokens, prefill?.fromToken) : undefined) ??
      (pair.from && pair.from.chainId === fillFromChain ? pair.from : undefined) ??
      defaultFrom(fromTokens);
    const to =
      (!usePersisted ? findToken(toTokens, prefill?.toToken) : undefined) ??
      (pair.to && pair.to.chainId === fillToChain && !sameToken(pair.to, from ?? null) ? pair.to : undefined) ??
      defaultTo(toTokens, fillFromChain === fillToChain ? from : undefined);
    // Only a changed pair is set: a list with no second token leaves `to` null, and a new object each time would
    // run this effect again without end.
    const next = { from: from ?? null, to: to ?? null };
    if (!samePick(next.from, pair.from) || !samePick(next.to, pair.to)) setPair(next);
    setPrefillDone(true);
  }, [fillNeeded, fromFill.data, toFill.data, fillFromChain, fillToChain, prefillDone, prefill, pair, setPair]);

  const from = pair.from;
  const to = pair.to;
  const fromChain = chains.find((chain) => chain.chainId === from?.chainId);
  const address = wallet?.address ?? null;
  // one read per chain, with both tokens of the pair on it (the picker asks the same key)
  const fromChainId = from?.chainId ?? null;
  const toChainId = to?.chainId ?? null;
  const fromAssets = useWalletAssets(address, fromChainId, pairAssetTokens(fromChainId, [from, to]));
  const toAssets = useWalletAssets(address, toChainId, pairAssetTokens(toChainId, [from, to]));
  const fromAsset = from
    ? fromAssets.data?.assets.find((asset) => sameAddress(asset.address, from.address))
    : undefined;
  const toAsset = to ? toAssets.data?.assets.find((asset) => sameAddress(asset.address, to.address)) : undefined;
  const fromBalance = fromAsset ? BigInt(fromAsset.raw) : fromAssets.data ? 0n : null;

  const amount = from ? amountUnits(amountText, from.decimals) : null;
  const slippageCheck = checkSlippage(slippage);
  const receiveTrimmed = receiveText.trim();
  const receiveOk = receiveTrimmed === "" || ADDRESS_PATTERN.test(receiveTrimmed);
  const receiveAddress = receiveTrimmed === "" ? address : receiveTrimmed;
  const quoteRequest =
    from && to && amount !== null && amount > 0n && slippageCheck.value !== null && receiveOk && !sameToken(from, to)
      ? {
          fromChainId: from.chainId,
          toChainId: to.chainId,
          fromToken: from.address,
          toToken: to.address,
          amount: apiAmount(amountText),
          slippage: slippageCheck.value,
          ...(address ? { fromAddress: address } : {}),
          ...(address && receiveAddress ? { toAddress: receiveAddress } : {}),
        }
      : null;
  const running = run.phase === "running";
  const quoteState = useSwapQuote(run.phase === "idle" ? quoteRequest : null, debounceMs, clock);
  const quote = quoteState.quote;

  const walletConnectRules = swapWallet.walletConnectOnly || wallet?.via === "walletConnect";
  const chainUsable = !walletConnectRules || from === null || isWalletConnectChain(from.chainId);
  const onFromChain = wallet !== null && from !== null && wallet.chainId === from.chainId;
  const needsApproval = useNeedsApproval(wallet, onFromChain, from, quote?.approval);

  const action: SwapAction = swapAction({
    connected: wallet !== null,
    chainUsable,
    onFromChain,
    tokensChosen: from !== null && to !== null && !sameToken(from, to),
    amountText,
    amount,
    balance: fromBalance,
    slippageOk: slippageCheck.value !== null,
    receiveAddressOk: receiveOk,
    quote: quoteRequest === null ? "none" : quote ? "ready" : quoteState.error ? "error" : "loading",
    needsApproval,
    fromSymbol: from?.symbol ?? "",
    signedIn: loginStatus === "loggedIn",
    busy: running,
  });

  const selectToken = (side: "from" | "to", token: SwapToken) => {
    setPicker(null);
    setNotice(null);
    if (side === "from") {
      setPair(sameToken(token, to) ? { from: token, to: from } : { from: token, to });
      if (!from || from.decimals !== token.decimals || !sameToken(token, from)) setAmountText("");
    } else {
      setPair(sameToken(token, from) ? { from: to, to: token } : { from, to: token });
    }
  };

  const flip = () => {
    setNotice(null);
    setPair({ from: to, to: from });
    setAmountText("");
  };

  const connect = async (via: "injected" | "walletConnect") => {
    setNotice(null);
    const failure = await swapWallet.connect(via);
    if (failure) setNotice(messageForKey(failure));
  };

  const switchNetwork = async () => {
    if (!wallet || !fromChain) return;
    setNotice(null);
    try {
      await switchToChain(wallet.provider, fromChain);
    } catch (error) {
      if (error instanceof ChainSwitchError) {
        setNotice(messageForKey(error.failure === "rejected" ? "userRejected" : "wrongNetwork"));
      } else {
        setNotice(messageForKey(providerErrorCode(error) === USER_REJECTED ? "userRejected" : "wrongNetwork"));
      }
    }
    await swapWallet.refreshChain().catch(() => undefined);
  };

  const startSwap = async () => {
    if (!wallet || !fromChain || !quote || !receiveAddress) return;
    setNotice(null);
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setRun({ phase: "running", stage: { stage: "switching" } });
    try {
      const order = await runSwapFlow(
        {
          provider: wallet.provider,
          chain: fromChain,
          quoteId: quote.quoteId,
          fromAddress: wallet.address,
          toAddress: receiveAddress,
          requestId: newRequestId(),
          signal: controller.signal,
        },
        { getSwapData, addSwapTransData, getOrderStatus },
        flowTiming,
        (stage) => {
          if (!controller.signal.aborted) setRun({ phase: "running", stage });
        },
      );
      if (controller.signal.aborted) return;
      setRun({ phase: "done", order });
      void fromAssets.mutate();
      void toAssets.mutate();
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = failureMessage(error);
      setRun({ phase: "failed", message: failure.text, order: failure.order, sentHash: failure.sentHash });
    } finally {
      refreshOrders();
      void swapWallet.refreshChain().catch(() => undefined);
    }
  };

  const cancelOrder = async (order: SwapOrder) => {
    setRun((current) =>
      current.phase === "failed" ? { ...current, cancelling: true, cancelError: undefined } : current,
    );
    try {
      const cancelled = await cancelSwapOrder(order.orderId);
      setRun((current) => (current.phase === "failed" ? { ...current, order: cancelled, cancelling: false } : current));
      refreshOrders();
    } catch (error) {
      const key: MessageKey = isApiError(error) ? error.key : "Serverbusy";
      setRun((current) =>
        current.phase === "failed" ? { ...current, cancelling: false, cancelError: messageForKey(key) } : current,
      );
    }
  };

  const closeRun = () => {
    if (run.phase === "done") setAmountText("");
    setRun({ phase: "idle" });
  };

  const onAction = () => {
    switch (action.kind) {
      case "connect":
        void connect(swapWallet.ways.injected ? "injected" : "walletConnect");
        return;
      case "switchNetwork":
        void switchNetwork();
        return;
      case "signIn":
        openSignIn(true);
        return;
      case "approve":
      case "swap":
        void startSwap();
        return;
      default:
        return;
    }
  };

  const approvingNow =
    run.phase === "running" && (run.stage.stage === "approving" || run.stage.stage === "approvalPending");
  const actionLabel: Record<SwapAction["kind"], string> = {
    connect: t`Connect wallet`,
    unsupportedNetwork: t`Network not available with WalletConnect`,
    switchNetwork: t`Switch network`,
    selectToken: t`Select a token`,
    enterAmount: t`Enter an amount`,
    invalidAmount: t`Enter a valid amount`,
    insufficientBalance: t`Insufficient balance`,
    fixSlippage: t`Check the slippage`,
    fixReceiveAddress: t`Check the receive address`,
    quoting: t`Getting a quote…`,
    noQuote: t`No quote`,
    signIn: t`Sign in to swap`,
    approve: t`Approve ${from?.symbol ?? ""}`,
    swap: t`Swap`,
    busy: approvingNow ? t`Approving ${from?.symbol ?? ""}…` : t`Swapping…`,
  };
  const actionEnabled =
    ["connect", "switchNetwork", "signIn", "approve", "swap"].includes(action.kind) && !swapWallet.connecting;
  const quoteErrorKey = quoteState.error ? (isApiError(quoteState.error) ? quoteState.error.key : "Serverbusy") : null;
  const canWalletConnectToo = action.kind === "connect" && swapWallet.ways.injected && swapWallet.ways.walletConnect;
  const walletConnectMissing = action.kind === "connect" && !swapWallet.ways.injected && !swapWallet.ways.walletConnect;

  if (chainList.error) {
    return (
      <div className="card">
        <p className="swap-error" role="alert">
          {i18n._(messageForKey(isApiError(chainList.error) ? chainList.error.key : "Serverbusy"))}
        </p>
        <Button onClick={() => void chainList.mutate()}>{t`Try again`}</Button>
      </div>
    );
  }

  if (chainList.data && chains.length === 0) {
    return (
      <div className="card">
        <p className="warning" role="status">
          {i18n._(messageForKey("chainNotSupported"))}
        </p>
      </div>
    );
  }

  const tokenLabel = (side: "from" | "to", token: SwapToken | null, chainName: string | undefined) => {
    if (!token) return side === "from" ? t`Token to pay: none chosen` : t`Token to receive: none chosen`;
    const symbol = token.symbol;
    const network = chainName ?? token.chain;
    return side === "from" ? t`Token to pay: ${symbol} on ${network}` : t`Token to receive: ${symbol} on ${network}`;
  };

  const tokenButton = (side: "from" | "to", token: SwapToken | null) => {
    const chainName = chains.find((chain) => chain.chainId === token?.chainId)?.name;
    return (
      <button
        type="button"
        className="token-button swap-token"
        aria-label={tokenLabel(side, token, chainName)}
        disabled={chains.length === 0 || running}
        onClick={() => setPicker(side)}
      >
        {token ? <TokenLogo token={token} /> : null}
        <span className="swap-token__names">
          <span className="swap-token__symbol">{token ? token.symbol : t`Select`}</span>
          <span className="swap-muted">{chainName ?? token?.chain ?? ""}</span>
        </span>
        <span aria-hidden="true">▾</span>
      </button>
    );
  };

  const balanceLine = (asset: { balance: string } | undefined, loaded: boolean, error: unknown, max: boolean) => {
    if (!wallet) return null;
    if (error) {
      return (
        <span className="swap-muted">
          {i18n._(messageForKey(isApiError(error) ? error.key : "balancesUnavailable"))}
        </span>
      );
    }
    if (!loaded) return <span className="swap-muted">{t`Balance: …`}</span>;
    const shown = formatTokenAmount(asset?.balance ?? "0");
    return (
      <span className="swap-balance">
        {t`Balance: ${shown}`}
        {max && asset && asset.balance !== "0" && from ? (
          <button
            type="button"
            className="swap-link"
            disabled={running}
            onClick={() =>
              setAmountText(
                cleanAmountInput(
                  fromBalance === null
                    ? asset.balance
                    : maxAmountText(fromBalance, from.decimals, isNativeToken(from.address), quote?.gasNative),
                ),
              )
            }
          >
            {t`Max`}
          </button>
        ) : null}
      </span>
    );
  };

  const fromNetwork = fromChain?.name ?? from?.chain ?? "";
  const receiveShown = quote ? formatTokenAmount(quote.toAmount) : "";

  return (
    <div className="card">
      <div className="card__head">
        <h2 className="card__title">{t`Swap`}</h2>
        {wallet ? (
          <span className="swap-wallet">
            <span title={wallet.address}>{shortenAddress(wallet.address)}</span>
            <span className="swap-muted">
              {chains.find((chain) => chain.chainId === wallet.chainId)?.name ?? t`Chain ${wallet.chainId}`}
            </span>
            <button type="button" className="swap-link" onClick={swapWallet.disconnect} disabled={running}>
              {t`Disconnect`}
            </button>
          </span>
        ) : null}
      </div>
      {/* spec §5: limit orders only with the AI wallet; its trade panel places them */}
      <div className="field__hint">
        {t`Limit orders are placed from the AI wallet.`}{" "}
        <Link href="/aiWallet?tab=trade&mode=limit" className="swap-link">
          {t`Place a limit order`}
        </Link>
      </div>

      <div className="swap-side">
        <div className="swap-side__top">
          <label className="field__label" htmlFor={amountId}>
            {t`You pay`}
          </label>
          {balanceLine(fromAsset, fromAssets.data !== undefined, fromAssets.error, true)}
        </div>
        <div className="swap-side__row">
          <input
            id={amountId}
            className="input swap-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amountText}
            disabled={running}
            onChange={(event) => setAmountText(cleanAmountInput(event.currentTarget.value))}
          />
          {tokenButton("from", from)}
        </div>
      </div>

      <div className="swap-flip">
        <SwitchTokensButton layout="column" disabled={running || from === null || to === null} onClick={flip} />
      </div>

      <div className="swap-side">
        <div className="swap-side__top">
          <span className="field__label">{t`You receive (estimated)`}</span>
          {balanceLine(toAsset, toAssets.data !== undefined, toAssets.error, false)}
        </div>
        <div className="swap-side__row">
          <output className="swap-amount swap-amount--out" aria-label={t`Estimated amount received`}>
            {receiveShown || "0.0"}
          </output>
          {tokenButton("to", to)}
        </div>
      </div>

      <SlippageSetting value={slippage} onChange={setSlippage} />

      <div className="field">
        <label className="field__label" htmlFor={receiveId}>
          {t`Receive address`}
        </label>
        <span className="field__hint" id={`${receiveId}-hint`}>
          {t`Your connected wallet unless you enter another address.`}
        </span>
        <input
          id={receiveId}
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder={address ?? "0x…"}
          value={receiveText}
          disabled={running}
          aria-invalid={receiveOk ? undefined : true}
          aria-describedby={`${receiveId}-hint`}
          onChange={(event) => setReceiveText(event.currentTarget.value.trim())}
        />
        {!receiveOk ? (
          <p className="field-error" role="alert">
            {i18n._(messageForKey("invalidAddress"))}
          </p>
        ) : null}
      </div>

      {quote && run.phase === "idle" ? (
        <QuoteDetails
          quote={quote}
          fromChain={fromChain}
          chains={chains}
          refreshing={quoteState.refreshing}
          onRefresh={quoteState.refresh}
        />
      ) : null}
      {quoteErrorKey && run.phase === "idle" ? (
        <div className="swap-error" role="alert">
          <p>{i18n._(messageForKey(quoteErrorKey))}</p>
          <button type="button" className="swap-link" onClick={quoteState.refresh}>
            {t`Ask again`}
          </button>
        </div>
      ) : null}

      {wallet && from && !onFromChain && chainUsable && run.phase === "idle" ? (
        <p className="warning" role="status">
          {i18n._(messageForKey("wrongNetwork"))}
        </p>
      ) : null}
      {!chainUsable ? (
        <p className="warning" role="alert">
          {wallet ? i18n._(messageForKey("noUseNetwork")) : t`WalletConnect does not offer ${fromNetwork}.`}
        </p>
      ) : null}
      {walletConnectMissing ? (
        <p className="warning" role="status">
          {t`WalletConnect is not set up on this server, so no wallet can be connected here.`}
        </p>
      ) : null}
      {notice ? (
        <p className="swap-error" role="alert">
          {i18n._(notice)}
        </p>
      ) : null}

      {run.phase !== "idle" ? (
        <SwapProgress run={run} onCancelOrder={(order) => void cancelOrder(order)} onClose={closeRun} />
      ) : null}

      {/* a finished swap's result offers its own New swap / Back to the swap; no quote is asked meanwhile */}
      {run.phase === "idle" || run.phase === "running" ? (
        <div className="swap-actions">
          <Button
            variant="primary"
            className="swap-action"
            disabled={!actionEnabled || walletConnectMissing}
            aria-busy={running || swapWallet.connecting ? true : undefined}
            onClick={onAction}
          >
            {swapWallet.connecting ? t`Check your wallet…` : actionLabel[action.kind]}
          </Button>
          {canWalletConnectToo ? (
            <Button variant="secondary" disabled={swapWallet.connecting} onClick={() => void connect("walletConnect")}>
              {t`Use WalletConnect`}
            </Button>
          ) : null}
        </div>
      ) : null}

      {picker !== null ? (
        <TokenPickerDialog
          open
          title={picker === "from" ? t`Select the token to pay` : t`Select the token to receive`}
          chains={chains}
          chainId={(picker === "from" ? from?.chainId : (to?.chainId ?? from?.chainId)) ?? chains[0]?.chainId ?? 1}
          selected={picker === "from" ? from : to}
          walletAddress={address}
          pair={[from, to]}
          onSelect={(token) => selectToken(picker, token)}
          onClose={() => setPicker(null)}
        />
      ) : null}
    </div>
  );
}
