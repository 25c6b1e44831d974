import type { ReactNode } from "react";
import "./status-badge.css";

/** How a status badge is coloured: done (success), stopped without doing it (danger), or still moving (progress). */
export type StatusTone = "success" | "danger" | "progress";

/** A status in a small pill coloured by its tone; `status`, the raw value, is kept in data-status. */
export function StatusBadge({ tone, status, children }: { tone: StatusTone; status?: string; children: ReactNode }) {
  return (
    <span className={`status-badge status-badge--${tone}`} data-status={status}>
      {children}
    </span>
  );
}
