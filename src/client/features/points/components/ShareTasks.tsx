import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Points } from "../../../../contract/constants.ts";
import { type ShareKind, shareKinds, sharePoints } from "../../../../contract/points.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useUserShareCount } from "../api/get-user-share-count.ts";
import "./points.css";

/** The ways of sharing spec §9 rewards, in words (the share dialogs' buttons). */
export const shareKindText: Readonly<Record<ShareKind, MessageDescriptor>> = {
  downloadImage: msg`Download the image`,
  copyLink: msg`Copy the link`,
  wechat: msg`Share on WeChat`,
  twitter: msg`Share on X (Twitter)`,
  facebook: msg`Share on Facebook`,
  weibo: msg`Share on Weibo`,
};

/**
 * The share task (spec §9): what each way of sharing earns, and today's rewarded shares out of 10. The shares
 * themselves happen in the share dialogs of chats and forecasts.
 */
export function ShareTasks() {
  const { t, i18n } = useLingui();
  const count = useUserShareCount();
  const limit = count.data?.limit ?? Points.shareRewardsPerDay;
  const done = count.data?.count ?? 0;
  return (
    <section className="points-card share-tasks" aria-labelledby="share-tasks-title">
      <h3 id="share-tasks-title" className="points-card__subtitle">
        <Trans>Share</Trans>
      </h3>
      <p className="points-card__note">
        <Trans>
          Share a chat or a price forecast with its Share button. Up to {limit} shares a day earn points (days in UTC).
        </Trans>
      </p>
      {count.data ? (
        <p className="share-tasks__count" aria-live="polite">
          {t`Today: ${done}/${limit} rewarded`}
        </p>
      ) : count.error ? (
        <LoadError onRetry={() => void count.mutate()}>{t`Today's shares could not be loaded.`}</LoadError>
      ) : (
        <p aria-busy="true">{t`Loading…`}</p>
      )}
      <ul className="reward-list">
        {shareKinds.map((kind) => (
          <li key={kind} className="reward-list__item">
            <span>{i18n._(shareKindText[kind])}</span>
            <span className="reward-list__points">{`+${formatPoints(sharePoints(kind))}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
