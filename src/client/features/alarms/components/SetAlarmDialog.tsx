import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useRef, useState } from "react";
import type { z } from "zod";
import {
  type AddAlarmBody,
  ALARM_PRICE_FACTOR_MAX,
  type AlarmDirection,
  type AlarmKind,
  alarmDirectionOf,
  percentInRange,
  percentTarget,
} from "../../../../contract/alarms.ts";
import { ErrorCode } from "../../../../contract/errors.ts";
import type { marketSourceSchema } from "../../../../contract/market.ts";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { formatPercentChange } from "../../../shared/format/percent-change.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { RadioGroup } from "../../../shared/ui/RadioGroup.tsx";
import { TextField } from "../../../shared/ui/TextField.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { alarmSetText, parseTypedNumber } from "../alarm-text.ts";
import { useAlarmActions } from "../api/alarm-api.ts";
import "./alarms.css";

/** The coin an alarm is set on, with its price now and where that price comes from. */
export interface AlarmCoin {
  coinAbbr: string;
  /** the coin's full name, when the caller has it (the form names the coin by its symbol) */
  coinName?: string;
  icon: string;
  /** USDT */
  price: number;
  source: z.infer<typeof marketSourceSchema>;
}

export interface SetAlarmDialogProps {
  open: boolean;
  onClose: () => void;
  coin: AlarmCoin;
}

type Field = "price" | "percent" | "direction" | "form";
type Errors = Partial<Record<Field, MessageDescriptor>>;

/** The fields the server may name; any other (coinAbbr, none) is said for the whole form. */
const fieldOf = (name: string | undefined): Field =>
  name === "price" || name === "percent" || name === "direction" ? name : "form";

/** The checks the server makes too, so a mistake is said before a round trip. */
function checkPrice(text: string, current: number, direction: AlarmDirection | undefined): Errors {
  if (!text.trim()) return { price: messageKeyText.required };
  const price = parseTypedNumber(text);
  if (price === undefined || price <= 0) return { price: messageKeyText.invalidValue };
  if (price > current * ALARM_PRICE_FACTOR_MAX || price < current / ALARM_PRICE_FACTOR_MAX) {
    return { price: messageKeyText.alarmPriceAbsurd };
  }
  const side = alarmDirectionOf(price, current);
  if (side === undefined || (direction !== undefined && direction !== side)) {
    return { direction: messageKeyText.alarmAlreadyCrossed };
  }
  return {};
}

function checkPercent(text: string): Errors {
  if (!text.trim()) return { percent: messageKeyText.required };
  const percent = parseTypedNumber(text);
  if (percent === undefined) return { percent: messageKeyText.invalidValue };
  if (!percentInRange(percent)) return { percent: messageKeyText.alarmPercentOutOfRange };
  return {};
}

/**
 * Spec §3 price alarm entry, set from the token page: a target price (the direction follows from the price now,
 * and may be chosen) or a percent move from the price now (the target is computed and shown). The server's
 * refusals are shown by their message key at the field they name.
 */
export function SetAlarmDialog({ open, onClose, coin }: SetAlarmDialogProps) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const toast = useToast();
  const actions = useAlarmActions();
  const [kind, setKind] = useState<AlarmKind>("price");
  const [priceText, setPriceText] = useState("");
  const [percentText, setPercentText] = useState("");
  /** the direction the user chose; until then it follows the target */
  const [chosenDirection, setChosenDirection] = useState<AlarmDirection | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const priceInput = useRef<HTMLInputElement>(null);
  const percentInput = useRef<HTMLInputElement>(null);
  const directionGroup = useRef<HTMLDivElement>(null);
  const directionErrorId = useId();
  const formErrorId = useId();

  const abbr = coin.coinAbbr;
  const current = coin.price;
  const targetPrice = parseTypedNumber(priceText);
  const direction = chosenDirection ?? (targetPrice === undefined ? undefined : alarmDirectionOf(targetPrice, current));
  const percent = parseTypedNumber(percentText);
  const percentPreview =
    percent !== undefined && percent !== 0 && percent > -100 ? percentTarget(current, percent) : undefined;

  const show = (found: Errors) => {
    setErrors(found);
    host.haptics.notification("error");
    if (found.price) priceInput.current?.focus();
    else if (found.percent) percentInput.current?.focus();
    else if (found.direction) directionGroup.current?.querySelector("input")?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = kind === "price" ? checkPrice(priceText, current, direction) : checkPercent(percentText);
    if (Object.keys(found).length > 0) return show(found);
    const body: AddAlarmBody =
      kind === "price" ? { coinAbbr: abbr, kind, price: targetPrice, direction } : { coinAbbr: abbr, kind, percent };
    setBusy(true);
    try {
      const alarm = await actions.add(body);
      host.haptics.notification("success");
      toast.show(alarmSetText(alarm), "success");
      onClose();
    } catch (failure) {
      if (!isApiError(failure)) return show({ form: messageKeyText.Serverbusy });
      // signed out meanwhile: the app says so and offers the sign-in
      if (failure.code === ErrorCode.LoginInvalid) {
        onClose();
        return;
      }
      const byField: Errors = {};
      const issues = failure.issues.length > 0 ? failure.issues : [{ field: failure.field ?? "", key: failure.key }];
      for (const issue of issues) byField[fieldOf(issue.field)] ??= messageForKey(issue.key);
      show(byField);
    } finally {
      setBusy(false);
    }
  };

  const clearErrors = () => setErrors({});
  const text = (message: MessageDescriptor | undefined) => (message ? i18n._(message) : undefined);
  const time = formatDate(coin.source.at, i18n.locale, { withTime: true });
  const provider = coin.source.provider;
  const currentPrice = formatPrice(current);
  const previewPrice = formatPrice(percentPreview);
  const previewMove = formatPercentChange(percent);

  return (
    <Dialog open={open} onClose={onClose} title={t`Price alarm for ${abbr}`} className="alarm-dialog">
      <form className="form" noValidate onSubmit={onSubmit} aria-describedby={errors.form ? formErrorId : undefined}>
        <div className="alarm-coin">
          <img className="alarm-coin__icon" src={coin.icon} alt="" width={32} height={32} />
          <div>
            <p className="alarm-coin__price">
              <Trans>
                Current price of {abbr}: {currentPrice} USDT
              </Trans>
            </p>
            <p className="alarm-coin__source">{t`Source: ${provider}, market time ${time}`}</p>
          </div>
        </div>

        <RadioGroup<AlarmKind>
          label={t`Alarm on`}
          name="alarm-kind"
          options={[
            { value: "price", label: t`Price` },
            { value: "percent", label: t`Percent move` },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value);
            clearErrors();
          }}
        />

        {kind === "price" ? (
          <>
            <TextField
              ref={priceInput}
              label={t`Target price (USDT)`}
              value={priceText}
              onValueChange={(value) => {
                setPriceText(value);
                clearErrors();
              }}
              error={text(errors.price)}
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <RadioGroup<AlarmDirection>
              ref={directionGroup}
              label={t`Alarm when ${abbr}`}
              name="alarm-direction"
              options={[
                { value: "above", label: t`Rises to the target` },
                { value: "below", label: t`Falls to the target` },
              ]}
              value={direction}
              onChange={(value) => {
                setChosenDirection(value);
                clearErrors();
              }}
              errorId={errors.direction ? directionErrorId : undefined}
            />
            {errors.direction ? (
              <p id={directionErrorId} className="field-error">
                {text(errors.direction)}
              </p>
            ) : null}
          </>
        ) : (
          <TextField
            ref={percentInput}
            label={t`Move from the current price (%)`}
            hint={t`A rise as 5, a fall as -5.`}
            value={percentText}
            onValueChange={(value) => {
              setPercentText(value);
              clearErrors();
            }}
            error={text(errors.percent)}
            inputMode="decimal"
            autoComplete="off"
            required
          />
        )}

        {kind === "percent" && percentPreview !== undefined && percent !== undefined ? (
          <p className="alarm-preview" aria-live="polite">
            {percent > 0
              ? t`Alarm when ${abbr} rises to ${previewPrice} USDT (${previewMove}).`
              : t`Alarm when ${abbr} falls to ${previewPrice} USDT (${previewMove}).`}
          </p>
        ) : null}

        {errors.form ? (
          <p id={formErrorId} className="field-error" role="alert">
            {text(errors.form)}
          </p>
        ) : null}

        <div className="form__actions">
          <Button variant="ghost" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
            {t`Set alarm`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
