import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useId, useRef, useState } from "react";
import { useHost } from "../../../host/host-context.tsx";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { setTelegramNotifications, useTelegramNotifications } from "../api/telegram-notifications.ts";
import "./digest-setting.css";

const saveFailed = msg`The setting could not be saved. Please try again.`;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/**
 * The daily market digest the bot sends in Telegram (top movers, sentiment, three headlines): on or off and its
 * hour in UTC, for an account signed in with Telegram. The bot's /subscribe and /unsubscribe change the same one.
 */
export function DigestSetting() {
  const { t } = useLingui();
  const host = useHost();
  const toast = useToast();
  const signedIn = useAtomValue(loginStatusAtom) === "loggedIn";
  const { data, mutate } = useTelegramNotifications(signedIn);
  const [saving, setSaving] = useState(false);
  // one save at a time, in the order they were made: an hour change and a toggle sent together must not land swapped
  const saves = useRef<Promise<void>>(Promise.resolve());
  const toggleId = useId();
  const hourId = useId();

  if (!signedIn || !data || data.reason === "noBot") return null;
  if (data.reason === "noTelegram") {
    return (
      <p className="page__lead">
        <Trans>
          The daily market digest comes from the MountainLion bot in Telegram: sign in with Telegram to get it.
        </Trans>
      </p>
    );
  }

  const save = (change: { subscribed: boolean; hour?: number }) => {
    const run = () => saveNow(change);
    saves.current = saves.current.then(run, run);
    return saves.current;
  };
  const saveNow = async (change: { subscribed: boolean; hour?: number }) => {
    setSaving(true);
    try {
      // shown at once; put back if the server refuses
      await mutate(setTelegramNotifications(change), {
        optimisticData: { ...data, ...change },
        rollbackOnError: true,
        revalidate: false,
      });
      host.haptics.selection();
    } catch (error) {
      toast.show(isApiError(error) ? messageForKey(error.key) : saveFailed, "error");
    } finally {
      setSaving(false);
    }
  };
  const botUrl = data.bot_url;
  const at = hourText(data.hour);

  return (
    <div className="digest-setting">
      <div className="digest-setting__row">
        <input
          id={toggleId}
          type="checkbox"
          className="digest-setting__switch"
          checked={data.subscribed}
          disabled={saving}
          onChange={(event) => void save({ subscribed: event.currentTarget.checked, hour: data.hour })}
        />
        <label htmlFor={toggleId}>{t`Daily market digest in Telegram`}</label>
      </div>
      <div className="digest-setting__row">
        <label className="field__label" htmlFor={hourId}>
          {t`Hour (UTC)`}
        </label>
        <select
          id={hourId}
          className="select digest-setting__hour"
          value={data.hour}
          disabled={saving}
          onChange={(event) => void save({ subscribed: data.subscribed, hour: Number(event.currentTarget.value) })}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourText(hour)}
            </option>
          ))}
        </select>
      </div>
      <p className="page__lead">
        {data.subscribed ? (
          <Trans>Top movers, sentiment and three headlines, with their sources, every day at {at} UTC.</Trans>
        ) : (
          <Trans>Top movers, sentiment and three headlines, with their sources, once a day at the hour you pick.</Trans>
        )}
      </p>
      {data.subscribed && !data.active && botUrl ? (
        <p className="page__lead" role="status">
          <Trans>The bot cannot write to you yet: open it and press Start.</Trans>{" "}
          <Button onClick={() => host.links.openTelegram(botUrl)}>{t`Open the bot`}</Button>
        </p>
      ) : null}
    </div>
  );
}
