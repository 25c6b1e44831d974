import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useLocation } from "wouter";
import { reportSharePagePath } from "../../../../contract/report.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { createReport } from "../api/create-report.ts";

/**
 * "Research report" on a token page: the server builds the coin's report from the app's data (in the reader's
 * language), stores it under a share code, and the report's page opens, with its PDF and its link to share.
 * `beforeMake` (the app's 24-hour unlock, spec §4) is asked first; false makes nothing.
 */
export function MakeReportButton({ coinAbbr, beforeMake }: { coinAbbr: string; beforeMake?: () => Promise<boolean> }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const make = async () => {
    if (beforeMake && !(await beforeMake())) return;
    setBusy(true);
    setError(undefined);
    try {
      const made = await createReport(coinAbbr, i18n.locale === "zh" ? "cn" : "en");
      navigate(reportSharePagePath(made.code));
    } catch (failure) {
      setError(t(messageForKey(isApiError(failure) ? failure.key : "Serverbusy")));
      setBusy(false);
    }
  };
  return (
    <div className="make-report">
      <button type="button" className="button" onClick={make} disabled={busy} aria-busy={busy}>
        {busy ? <Trans>Writing the report…</Trans> : <Trans>Research report on {coinAbbr}</Trans>}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
