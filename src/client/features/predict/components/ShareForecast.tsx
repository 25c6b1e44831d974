import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import useSWR from "swr";
import type { PredictInterval, PredictShareData } from "../../../../contract/predict.ts";
import { useHost } from "../../../host/host-context.tsx";
import type { ApiError } from "../../../shared/api/api-error.ts";
import { swrOptions } from "../../../shared/api/swr-options.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { useShareReward } from "../../../shared/rewards/share-reward.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { type ForecastCardKey, forecastCardKeyName, getForecastCard } from "../api/get-forecast-card.ts";
import "./share-forecast.css";

/** The predict page's own address, the link a shared card points to. */
export function forecastPageAddress(coinAbbr: string): string {
  return new URL(`/predict/${encodeURIComponent(coinAbbr)}`, window.location.origin).href;
}

/**
 * "Share" on the predict page: the server draws the forecast's card (chart, record and caveat, in the reader's
 * language), shown in a dialog to download, with the page's link to copy and, inside Telegram, to send to a chat
 * through the host's share sheet. `beforeOpen` (the app's 24-hour unlock, spec §4) is asked first; false leaves it
 * closed.
 */
export function ShareForecast({
  coinAbbr,
  interval,
  beforeOpen,
}: {
  coinAbbr: string;
  interval: PredictInterval;
  beforeOpen?: () => Promise<boolean>;
}) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const reward = useShareReward();
  const abbr = coinAbbr.toUpperCase();
  const key: ForecastCardKey = [forecastCardKeyName, abbr, interval, i18n.locale === "zh" ? "cn" : "en"];
  const card = useSWR<PredictShareData, ApiError, ForecastCardKey | null>(
    open ? key : null,
    getForecastCard,
    swrOptions,
  );
  const address = forecastPageAddress(abbr);
  const alt =
    interval === "1h"
      ? t`${abbr} price forecast for the next 48 hours: past closes, the forecast and its 80% band, with its record against "no change"`
      : t`${abbr} price forecast for the next 7 days: past closes, the forecast and its 80% band, with its record against "no change"`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.show(messageKeyText.copySuccess, "success");
      reward("copyLink");
    } catch {
      // spec §8: copy failures are ignored
    }
  };

  let body: ReactNode;
  if (card.data) {
    const { image, width, height } = card.data;
    body = (
      <>
        <img className="share-forecast__image" src={image} alt={alt} width={width} height={height} />
        <div className="share-forecast__actions">
          <a
            className="button button--primary"
            href={image}
            download={`mountainlion-${abbr}-forecast.png`}
            onClick={() => reward("downloadImage")}
          >
            {t`Download image`}
          </a>
          <Button onClick={() => void copy()}>{t`Copy link`}</Button>
          {host.share.toChat ? (
            <Button onClick={() => void host.share.shareUrl(address, t`${abbr} price forecast on MountainLion`)}>
              {t`Share in Telegram`}
            </Button>
          ) : null}
        </div>
      </>
    );
  } else if (card.error) {
    body = (
      <LoadError onRetry={() => void card.mutate()}>
        <Trans>The image could not be created.</Trans>
      </LoadError>
    );
  } else body = <p role="status">{t`Drawing the image…`}</p>;

  return (
    <>
      <Button
        className="share-forecast__open"
        onClick={() => {
          if (!beforeOpen) setOpen(true);
          else void beforeOpen().then((allowed) => allowed && setOpen(true));
        }}
      >
        {t`Share`}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Share the ${abbr} forecast`}>
        <div className="share-forecast">{body}</div>
      </Dialog>
    </>
  );
}
