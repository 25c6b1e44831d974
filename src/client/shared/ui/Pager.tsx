import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "./Button.tsx";

export interface PagerProps {
  /** the page shown, from 1 */
  page: number;
  /** how many pages there are; with one or none the pager is not shown */
  pages: number;
  onPage: (page: number) => void;
  /** the accessible name of the pager's navigation */
  label: string;
  className?: string;
}

/** Previous and Next buttons around "Page n of m", for lists read a page at a time. */
export function Pager({ page, pages, onPage, label, className }: PagerProps) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={label}>
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t`Previous`}
      </Button>
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <Button variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t`Next`}
      </Button>
    </nav>
  );
}
