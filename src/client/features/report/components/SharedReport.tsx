import { Trans, useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { Link } from "wouter";
import type { ReportSource } from "../../../../contract/report.ts";
import { useHost } from "../../../host/host-context.tsx";
import { formatDate } from "../../../shared/format/date-time.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useReportShare } from "../api/get-report-share.ts";
import { ReportSections } from "./ReportSections.tsx";
import "./report.css";

/** One source as the source line names it, with the time its figures are of. */
function SourceName({ source }: { source: ReportSource }) {
  const { t, i18n } = useLingui();
  const name = source.name;
  const at = formatDate(source.at, i18n.locale, { withTime: true });
  const labels: Record<ReportSource["id"], string> = {
    market: t`Market: ${name}`,
    candles: t`Daily candles: ${name}`,
    news: source.mode === "archive" ? t`News: the app's archive` : t`News: the app's feeds`,
    forecast: t`Forecast: the app's ${name} model`,
  };
  return (
    <li>
      {labels[source.id]} <span className="report__time">({at})</span>
    </li>
  );
}

/**
 * /reportShareDetail/{code}: a shared research report, read-only: its figures with their sources and times, and its
 * PDF. The report is a snapshot of the day it was made, in the language it was made in.
 */
export function SharedReport({ code }: { code: string }) {
  const { t, i18n } = useLingui();
  const host = useHost();
  const { data, error, mutate } = useReportShare(code);

  if (error && !data) {
    return (
      <section className="page report" aria-labelledby="report-title">
        <h1 id="report-title" className="page__title">
          {t`Shared report`}
        </h1>
        {error.key === "notFound" || error.key === "invalidValue" ? (
          <p className="page__lead">{t`This report does not exist or was removed.`}</p>
        ) : (
          <LoadError onRetry={() => void mutate()}>
            <Trans>The report could not be loaded.</Trans>
          </LoadError>
        )}
        <Link href="/" className="button report__home">
          {t`Back to home`}
        </Link>
      </section>
    );
  }
  if (!data) {
    return (
      <section className="page report" aria-busy="true">
        <p className="report__loading">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading the report…</Trans>
        </p>
      </section>
    );
  }

  const { report, pdfUrl } = data;
  const coinName = report.coinName;
  const abbr = report.coinAbbr;
  const made = formatDate(report.createdAt, i18n.locale);
  const marketTime = formatDate(report.marketAt, i18n.locale, { withTime: true });
  const replay = report.sources.some((source) => source.mode === "replay");
  // inside Telegram a plain link would open the PDF in the mini app's own view: the host opens it outside
  const openPdf = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    host.links.open(new URL(pdfUrl, window.location.href).href);
  };
  return (
    <article className="page report" aria-labelledby="report-title" lang={report.language === "cn" ? "zh" : "en"}>
      <header className="report__header">
        <p className="report__brand">{t`Shared from MountainLion`}</p>
        <h1 id="report-title" className="page__title">
          {t`${coinName} (${abbr}) research report`}
        </h1>
        <p className="page__lead">{t`Made ${made} · figures as of the market time ${marketTime}`}</p>
        <a className="button button--primary report__download" href={pdfUrl} onClick={openPdf}>
          {t`Download PDF`}
        </a>
        <div className="report__sources">
          <p className="report__note">{t`Sources`}</p>
          <ul aria-label={t`Sources`}>
            {report.sources.map((source) => (
              <SourceName key={source.id} source={source} />
            ))}
          </ul>
          {replay ? (
            <p className="report__note">{t`Market figures come from a replay of past market data, not from today's market.`}</p>
          ) : null}
        </div>
      </header>
      <ReportSections report={report} />
      <p className="report__note report__footer">
        {t`Figures computed from the app's own data, each with its source and time. Not investment advice.`}
      </p>
    </article>
  );
}
