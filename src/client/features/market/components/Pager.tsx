import { Trans, useLingui } from "@lingui/react/macro";
import "./market.css";

/** Pages of a long list: which rows are shown of how many, with Previous and Next. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** names the pager for assistive technology, e.g. "Coin list pages" */
  label: string;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className="pager__range" aria-live="polite">
        {t`${first}–${last} of ${total}`}
      </span>
      <button type="button" className="button pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
