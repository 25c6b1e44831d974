import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { TwitterTask } from "../../../../contract/points.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import {
  twitterBinding,
  twitterSignin,
  twitterUnbinding,
  useRefreshTwitter,
  useTwitterTasks,
  verifyUserOperation,
} from "../api/twitter-tasks.ts";
import "./points.css";

const taskText: Readonly<Record<TwitterTask, MessageDescriptor>> = {
  follow: msg`Follow us on X`,
  repost: msg`Repost our post on X`,
};

const boundToast = msg`Your X account is bound.`;
const notDoneToast = msg`X does not show this task done yet. Do it on X, then check again.`;

const failure = (error: unknown) => (isApiError(error) ? messageForKey(error.key) : messageKeyText.Serverbusy);

/** The address X sent the user back to, with `code` and `state`; undefined on any other visit. */
function bindingReturn(): { code: string; state: string } | undefined {
  const params = new URLSearchParams(window.location.search);
  const code = params.get("code");
  const state = params.get("state");
  return code && state ? { code, state } : undefined;
}

/**
 * Twitter (X) tasks (spec §1, §5: bind first): bind an X account, do a task on X, have it checked. A server without
 * X API keys answers notConfigured, and the section says plainly that the tasks are not available here.
 */
export function TwitterTasks() {
  const { t } = useLingui();
  const tasks = useTwitterTasks();
  const refresh = useRefreshTwitter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const returned = useRef(false);

  // X sends the user back here with code and state: finish the binding once, then take them off the address
  useEffect(() => {
    const back = bindingReturn();
    if (!back || returned.current) return;
    returned.current = true;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    twitterBinding(back.code, back.state)
      .then(() => toast.show(boundToast, "success"))
      .catch((error: unknown) => toast.show(failure(error), "error"))
      .finally(refresh);
  }, [toast, refresh]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.show(failure(error), "error");
    } finally {
      setBusy(false);
    }
  };
  const bind = () =>
    run(async () => {
      window.location.assign(await twitterSignin());
    });
  const unbind = () =>
    run(async () => {
      await twitterUnbinding();
      refresh();
    });
  const verify = (task: TwitterTask) =>
    run(async () => {
      const result = await verifyUserOperation(task);
      if (!result.verified) toast.show(notDoneToast, "info");
      else if (result.awarded > 0) {
        const points = formatPoints(result.awarded);
        toast.show(msg`Task done: +${points} points`, "success");
      }
      refresh();
    });

  let body: ReactNode;
  if (tasks.data) {
    const { username } = tasks.data;
    body = (
      <>
        {username ? (
          <p className="twitter-tasks__account">
            {t`Bound to @${username}`}{" "}
            <Button variant="ghost" disabled={busy} onClick={() => void unbind()}>
              {t`Unbind`}
            </Button>
          </p>
        ) : (
          <div>
            <p className="points-card__note">{t`Bind your X account first; then each task is checked on X.`}</p>
            <Button variant="primary" disabled={busy} onClick={() => void bind()}>
              {t`Bind X account`}
            </Button>
          </div>
        )}
        <ul className="reward-list">
          {tasks.data.tasks.map((task) => (
            <li key={task.task} className="reward-list__item">
              <a href={task.url} target="_blank" rel="noopener noreferrer">
                {t(taskText[task.task])}
              </a>
              <span className="reward-list__points">{`+${formatPoints(task.points)}`}</span>
              {task.verified ? (
                <span className="reward-list__done">{t`Done`}</span>
              ) : (
                <Button disabled={busy || !username} onClick={() => void verify(task.task)}>
                  {t`Check`}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  } else if (tasks.error) {
    body =
      tasks.error.key === "notConfigured" ? (
        <p className="points-card__note">
          <Trans>Twitter tasks are not available on this server: it has no X (Twitter) API keys.</Trans>
        </p>
      ) : (
        <LoadError onRetry={() => void tasks.mutate()}>{t`The Twitter tasks could not be loaded.`}</LoadError>
      );
  } else body = <p aria-busy="true">{t`Loading…`}</p>;

  return (
    <section className="points-card twitter-tasks" aria-labelledby="twitter-tasks-title">
      <h3 id="twitter-tasks-title" className="points-card__subtitle">
        <Trans>Twitter (X)</Trans>
      </h3>
      {body}
    </section>
  );
}
