import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useRef, useState } from "react";
import { parseUnits } from "viem";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { shortenAddress } from "../../../shared/format/address.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatTokenAmount } from "../../../shared/format/token-amount.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { StatusBadge } from "../../../shared/ui/StatusBadge.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { ADDRESS_PATTERN } from "../../../shared/wallet/eip1193.ts";
import { amountIssue, apiAmount, cleanAmount, RequestIds } from "../ai-wallet-logic.ts";
import { type FormFailure, usdAmount, withdrawalStatusText, withdrawalTone } from "../ai-wallet-text.ts";
import {
  type AiAccount,
  preWithdraw,
  useWithdrawInfo,
  type Withdrawal,
  type WithdrawInfo,
  withdraw,
} from "../api/ai-wallet-api.ts";
import { CodeForm, codeFailure } from "./CodeField.tsx";
import { FailureNote, PanelForm, TxLink } from "./parts.tsx";
import { useFormCall } from "./use-form-call.ts";

type Step =
  | { step: "form" }
  /** the code was emailed: it goes with the withdrawal's id */
  | { step: "code"; withdrawal: Withdrawal; email: string }
  | { step: "done"; withdrawal: Withdrawal };

/** A withdrawal's amount, coin and address (shortened), as its texts name them. */
const withdrawalWords = (withdrawal: Withdrawal) => ({
  amount: formatTokenAmount(withdrawal.amount),
  symbol: withdrawal.token.symbol,
  to: shortenAddress(withdrawal.toAddress),
});

const coinKey = (coin: { chainId: number; address: string }) => `${coin.chainId}:${coin.address.toLowerCase()}`;

/** whether the amount is within the balance but reaches into the frozen part of it (received from a listed address) */
export function reachesFrozen(
  text: string,
  decimals: number,
  info: Pick<WithdrawInfo, "balance" | "frozenAmount"> | undefined,
): boolean {
  const amount = apiAmount(text);
  if (!info || amount === null) return false;
  try {
    const raw = parseUnits(amount, decimals);
    const held = parseUnits(info.balance, decimals);
    const frozen = parseUnits(info.frozenAmount, decimals);
    return frozen > 0n && raw <= held && raw > held - frozen;
  } catch {
    return false;
  }
}

export interface WithdrawPanelProps {
  account: AiAccount;
  /** a withdrawal was sent: the balances and the history are read again */
  onWithdrawn: () => void;
}

/**
 * Withdraw from the AI wallet (spec §7 getWithdrawInfo, aiAccountPreWithdraw, aiAccountWithdraw): the coin and its
 * chain, the amount (Max: what can be sent now, gas kept back and frozen coins left out; the frozen amount is shown
 * beside it), the address; "Send code" checks it all and emails a code; the code sends it. Every refusal is shown at
 * the field it concerns.
 */
export function WithdrawPanel({ account, onWithdrawn }: WithdrawPanelProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const coinSelectId = useId();
  const coins = account.coins;
  const [selected, setSelected] = useState<string | null>(null);
  // the user's choice, else the first coin held (coins may arrive after the panel, with a refresh)
  const coin =
    coins.find((entry) => coinKey(entry) === selected) ??
    coins.find((entry) => entry.balance !== "0") ??
    coins[0] ??
    null;
  const info = useWithdrawInfo(coin);
  const [amountText, setAmountText] = useState("");
  const [toAddress, setToAddress] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<Step>({ step: "form" });
  const { busy, failure, setFailure, call } = useFormCall();
  const requestIds = useRef(new RequestIds());

  const network = (chainId: number) =>
    account.chains.find((chain) => chain.chainId === chainId)?.netWork ?? String(chainId);
  const chainSymbol = coin ? (account.chains.find((chain) => chain.chainId === coin.chainId)?.symbol ?? "") : "";
  const errorOf = (field: FormFailure["field"]) =>
    failure && failure.field === field ? i18n._(failure.text) : undefined;

  const sendCode = async () => {
    if (!coin || busy) return;
    const issue = amountIssue(amountText, coin.decimals, info.data?.maxAmount ?? coin.balance);
    if (issue) {
      setFailure({
        field: "amount",
        text:
          issue === "aboveBalance"
            ? reachesFrozen(amountText, coin.decimals, info.data)
              ? messageKeyText.fundsFrozen
              : messageKeyText.Insufficientbalance
            : issue === "tooManyDecimals"
              ? messageKeyText.invalidValue
              : messageKeyText.required,
        kyc: false,
      });
      return;
    }
    const to = toAddress.trim();
    if (!ADDRESS_PATTERN.test(to)) {
      setFailure({ field: "toAddress", text: messageKeyText.invalidAddress, kyc: false });
      return;
    }
    if (to.toLowerCase() === account.address.toLowerCase()) {
      setFailure({ field: "toAddress", text: messageKeyText.ownAddress, kyc: false });
      return;
    }
    const request = {
      chainId: coin.chainId,
      tokenAddress: coin.address,
      amount: apiAmount(amountText) ?? "",
      toAddress: to,
    };
    await call(async () => {
      const answer = await preWithdraw({ ...request, requestId: requestIds.current.idFor(request) });
      requestIds.current.done();
      setCode("");
      setStep({ step: "code", withdrawal: answer.withdrawal, email: answer.email });
    });
  };

  const confirm = async (withdrawal: Withdrawal) => {
    if (busy) return;
    const wrong = codeFailure(code);
    if (wrong) {
      setFailure(wrong);
      return;
    }
    await call(
      async () => {
        const sent = await withdraw({ withdrawId: withdrawal.withdrawId, code });
        host.haptics.notification("success");
        setStep({ step: "done", withdrawal: sent });
        setAmountText("");
        setCode("");
        onWithdrawn();
        void info.mutate();
      },
      (error) => {
        if (isApiError(error) && error.key === "withdrawalClosed") {
          setStep({ step: "form" });
        }
        host.haptics.notification("error");
      },
    );
  };

  if (coins.length === 0) {
    return (
      <p className="aiw-muted">
        <Trans>Your AI wallet holds no coins to withdraw yet. Fund it first.</Trans>
      </p>
    );
  }

  if (step.step === "done") {
    const sent = step.withdrawal;
    const { amount, symbol, to } = withdrawalWords(sent);
    return (
      <div className="aiw-panel" role="status">
        <p className="aiw-result">
          <Trans>
            Withdrawal of {amount} {symbol} to {to}:
          </Trans>{" "}
          <StatusBadge tone={withdrawalTone(sent.status)}>{i18n._(withdrawalStatusText[sent.status])}</StatusBadge>
        </p>
        {sent.txHash ? <TxLink label={t`Withdrawal transaction`} hash={sent.txHash} url={sent.txUrl} /> : null}
        <Button variant="primary" onClick={() => setStep({ step: "form" })}>
          {t`New withdrawal`}
        </Button>
      </div>
    );
  }

  if (step.step === "code") {
    const pending = step.withdrawal;
    const { amount, symbol, to } = withdrawalWords(pending);
    const on = network(pending.chainId);
    const email = step.email;
    const until = formatDate(pending.expiresAt, i18n.locale, { withTime: true });
    return (
      <CodeForm
        code={code}
        onCodeChange={setCode}
        failure={failure}
        busy={busy}
        submitLabel={busy ? t`Withdrawing…` : t`Withdraw`}
        onSubmit={() => void confirm(pending)}
        other={{
          label: t`Change the withdrawal`,
          onClick: () => {
            setFailure(null);
            setStep({ step: "form" });
          },
        }}
      >
        <p>
          <Trans>
            Withdraw {amount} {symbol} on {on} to {to}.
          </Trans>
        </p>
        <p className="aiw-muted" role="status">
          <Trans>
            We emailed a code to {email}. Enter it before {until}.
          </Trans>
        </p>
      </CodeForm>
    );
  }

  const data = info.data;
  const symbol = coin?.symbol ?? "";
  return (
    <PanelForm onSubmit={() => void sendCode()}>
      <div className="field">
        <label className="field__label" htmlFor={coinSelectId}>
          {t`Coin and network`}
        </label>
        <select
          id={coinSelectId}
          className="input"
          value={coin ? coinKey(coin) : ""}
          disabled={busy}
          onChange={(event) => {
            setSelected(event.currentTarget.value);
            setAmountText("");
            setFailure(null);
          }}
        >
          {coins.map((entry) => {
            const label = `${entry.symbol} · ${network(entry.chainId)} · ${formatTokenAmount(entry.balance)}`;
            return (
              <option key={coinKey(entry)} value={coinKey(entry)}>
                {label}
              </option>
            );
          })}
        </select>
      </div>
      {info.error ? (
        <p className="field-error" role="alert">
          {i18n._(messageForKey(isApiError(info.error) ? info.error.key : "Serverbusy"))}
        </p>
      ) : data ? (
        <dl className="aiw-facts">
          <div>
            <dt>{t`Available`}</dt>
            <dd>
              {formatTokenAmount(data.balance)} {symbol}
            </dd>
          </div>
          <div>
            <dt>{t`Most you can send now`}</dt>
            <dd>
              {formatTokenAmount(data.maxAmount)} {symbol}
            </dd>
          </div>
          {Number(data.frozenAmount) > 0 ? (
            <div className="aiw-frozen-fact">
              <dt>{t`Frozen (cannot be sent)`}</dt>
              <dd>
                {formatTokenAmount(data.frozenAmount)} {symbol}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t`Network fee (gas)`}</dt>
            <dd>
              {data.gasNative === null ? t`Not known yet` : `${formatTokenAmount(data.gasNative)} ${chainSymbol}`}
            </dd>
          </div>
          <div>
            <dt>{t`Daily limit used`}</dt>
            <dd>
              {usdAmount(data.dailyUsedUsd)} / {usdAmount(data.dailyLimitUsd)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="aiw-muted" role="status">
          <Trans>Reading what can be withdrawn…</Trans>
        </p>
      )}
      <TextField
        label={t`Amount`}
        value={amountText}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0"
        disabled={busy}
        error={errorOf("amount")}
        onValueChange={(value) => setAmountText(cleanAmount(value))}
        addon={
          <Button
            variant="ghost"
            disabled={busy || !data || data.maxAmount === "0"}
            onClick={() => data && setAmountText(cleanAmount(data.maxAmount))}
          >
            {t`Max`}
          </Button>
        }
      />
      <TextField
        label={t`Send to address`}
        hint={t`An address of your own on the same network. Not your AI wallet itself.`}
        value={toAddress}
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        disabled={busy}
        error={errorOf("toAddress")}
        onValueChange={(value) => setToAddress(value.trim())}
      />
      <FailureNote failure={failure} fieldLabels={{ amount: t`Amount`, toAddress: t`Send to address` }} />
      <Button type="submit" variant="primary" disabled={busy || !coin} aria-busy={busy || undefined}>
        {busy ? t`Sending the code…` : t`Send code`}
      </Button>
    </PanelForm>
  );
}
