import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Report, ReportFigure } from "../../../../contract/report.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { NO_VALUE } from "../../../shared/format/no-value.ts";
import { formatCompactNumber } from "../../../shared/format/numbers.ts";
import { formatPercentChange } from "../../../shared/format/percent-change.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { coefficientText, levelPercentText, shareText } from "../model/report-figures.ts";

interface Row {
  label: string;
  value: ReactNode;
  /** when the figure is of */
  at?: string;
}

/** A figure table: a row header, the value and, where it has one, the time the figure is of. */
function FigureTable({ caption, rows }: { caption: string; rows: readonly Row[] }) {
  const { t } = useLingui();
  return (
    <table className="report__table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Figure`}</th>
          <th scope="col">{t`Value`}</th>
          <th scope="col">{t`As of`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.value}</td>
            <td className="report__time">{row.at ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="report__section" aria-labelledby={id}>
      <h2 id={id} className="report__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The stored report's sections, in the order of its PDF. */
export function ReportSections({ report }: { report: Report }) {
  const { t, i18n } = useLingui();
  const when = (figure: ReportFigure) => formatDate(figure.at, i18n.locale, { withTime: true });
  const day = (iso: string | null) => formatDate(iso, i18n.locale) || NO_VALUE;
  const o = report.overview;
  const v = report.volatility;
  const c = report.correlation.withBtc90d;
  const f = report.forecast;

  return (
    <>
      <Section id="report-overview" title={t`Overview`}>
        <FigureTable
          caption={t`Overview`}
          rows={[
            { label: t`Price (USDT)`, value: formatPrice(o.price.value), at: when(o.price) },
            { label: t`24h change`, value: formatPercentChange(o.change24h.value), at: when(o.change24h) },
            { label: t`7d change`, value: formatPercentChange(o.change7d.value), at: when(o.change7d) },
            { label: t`Market cap (USDT)`, value: formatCompactNumber(o.marketCap.value), at: when(o.marketCap) },
            { label: t`24h volume (USDT)`, value: formatCompactNumber(o.volume24h.value), at: when(o.volume24h) },
            {
              label: t`Market-cap rank`,
              value: o.rank.value === null ? NO_VALUE : `#${o.rank.value}`,
              at: when(o.rank),
            },
            { label: t`Categories`, value: o.categories.length > 0 ? o.categories.join(", ") : NO_VALUE },
            { label: t`Sector`, value: o.sector ?? NO_VALUE },
          ]}
        />
      </Section>

      <Section id="report-returns" title={t`Price action`}>
        <FigureTable
          caption={t`Price action`}
          rows={report.returns.map((r) => {
            const days = r.days;
            const from = day(r.from);
            return {
              label: t`${days} days (from the close of ${from})`,
              value: formatPercentChange(r.change.value),
              at: when(r.change),
            };
          })}
        />
      </Section>

      <Section id="report-volatility" title={t`Volatility and drawdown`}>
        <FigureTable
          caption={t`Volatility and drawdown`}
          rows={[
            {
              label: t`30-day volatility (annualised)`,
              value: levelPercentText(v.volatility30d.value),
              at: when(v.volatility30d),
            },
            ...(v.btcVolatility30d
              ? [
                  {
                    label: t`BTC 30-day volatility (annualised)`,
                    value: levelPercentText(v.btcVolatility30d.value),
                    at: when(v.btcVolatility30d),
                  },
                ]
              : []),
            {
              label: t`Largest fall within 90 days`,
              value: formatPercentChange(v.maxDrawdown90d.value),
              at: when(v.maxDrawdown90d),
            },
            ...(v.drawdownPeak && v.drawdownTrough
              ? [
                  {
                    label: t`Fall from / to`,
                    value: `${formatPrice(v.drawdownPeak.close)} → ${formatPrice(v.drawdownTrough.close)}`,
                    at: `${day(v.drawdownPeak.time)} → ${day(v.drawdownTrough.time)}`,
                  },
                ]
              : []),
          ]}
        />
      </Section>

      <Section id="report-correlation" title={t`Correlation with BTC`}>
        {c ? (
          <FigureTable
            caption={t`Correlation with BTC`}
            rows={[
              { label: t`Correlation of daily returns, 90 days`, value: coefficientText(c.value), at: when(c) },
              { label: t`Days compared`, value: String(report.correlation.observations) },
            ]}
          />
        ) : (
          <p className="report__note">{t`This report is about BTC itself, the benchmark.`}</p>
        )}
      </Section>

      <Section id="report-news" title={t`News`}>
        <p className="report__note">
          {(() => {
            const from = day(report.news.from);
            const to = day(report.news.to);
            return t`Tagged with the coin, ${from} to ${to}`;
          })()}
        </p>
        {report.news.items.length === 0 ? (
          <p>{t`No news tagged with this coin in the window.`}</p>
        ) : (
          <ul className="report__news">
            {report.news.items.map((item) => (
              <li key={`${item.publishedAt}-${item.title}`}>
                <span className="report__time">
                  {day(item.publishedAt)} · {item.outlet}
                </span>{" "}
                {item.url ? (
                  <a href={item.url} target="_blank" rel="noopener noreferrer">
                    {item.title}
                  </a>
                ) : (
                  <span>{item.title}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="report-forecast" title={t`Forecast`}>
        {f.available ? (
          <>
            <p className="report__note">
              {(() => {
                const model = `${f.model.name} ${f.model.version}`;
                return f.model.beatsNaive
                  ? t`Model ${model}: beat the "no change" forecast on validation.`
                  : t`Model ${model}: did not beat the "no change" forecast on validation.`;
              })()}
            </p>
            <table className="report__table">
              <caption className="visually-hidden">{t`Forecast`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Date`}</th>
                  <th scope="col">{t`Forecast close`}</th>
                  <th scope="col">{t`80% band`}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{day(f.origin.time)}</th>
                  <td>{formatPrice(f.origin.close)}</td>
                  <td>{t`last close (actual)`}</td>
                </tr>
                {f.steps.map((step) => (
                  <tr key={step.time}>
                    <th scope="row">{day(step.time)}</th>
                    <td>{formatPrice(step.forecast)}</td>
                    <td>{`${formatPrice(step.lo80)} – ${formatPrice(step.hi80)}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="report__subheading">{t`Forecast record`}</h3>
            <table className="report__table">
              <caption className="visually-hidden">{t`Forecast record`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Figure`}</th>
                  <th scope="col">{t`Backtest (unseen data)`}</th>
                  <th scope="col">{t`Live record (90 days)`}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t`Forecasts judged`}</th>
                  <td>{`${formatCompactNumber(f.backtest.origins)} (${day(f.backtest.from)} → ${day(f.backtest.to)})`}</td>
                  <td>{formatCompactNumber(f.live.judged)}</td>
                </tr>
                <tr>
                  <th scope="row">{t`Error vs no change (MAE ratio)`}</th>
                  <td>{coefficientText(f.backtest.maeRatio)}</td>
                  <td>{coefficientText(f.live.maeRatio)}</td>
                </tr>
                <tr>
                  <th scope="row">{t`Direction right`}</th>
                  <td>{`${shareText(f.backtest.directionAccuracy)} (${f.backtest.directionCalls})`}</td>
                  <td>{`${shareText(f.live.winRate)} (${f.live.calls})`}</td>
                </tr>
                <tr>
                  <th scope="row">{t`Inside the 80% band`}</th>
                  <td>{shareText(f.backtest.coverage80)}</td>
                  <td>{shareText(f.live.coverage80)}</td>
                </tr>
              </tbody>
            </table>
          </>
        ) : (
          <p>{t`No forecast: the coin's history is too short for a tested one.`}</p>
        )}
      </Section>

      <Section id="report-risks" title={t`Risks`}>
        <ul className="report__risks">
          {report.risks.map((risk) => (
            <li key={risk.code}>{risk.text}</li>
          ))}
        </ul>
      </Section>
    </>
  );
}
