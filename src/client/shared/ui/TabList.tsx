import type { ReactNode } from "react";
import "./tabs.css";

/** The id of a tab of a TabList made with `baseId` (for the panel's aria-labelledby). */
export function tabId(baseId: string, item: string): string {
  return `${baseId}-${item}-tab`;
}

/** The id of the one panel a TabList made with `baseId` controls. */
export function tabPanelId(baseId: string): string {
  return `${baseId}-panel`;
}

export interface TabListProps<T extends string> {
  items: readonly T[];
  selected: T;
  onSelect: (item: T) => void;
  /** ids of the tabs and of their panel are made from it (tabId, tabPanelId) */
  baseId: string;
  /** the accessible name of the tab list */
  label: string;
  children: (item: T) => ReactNode;
  className?: string;
  tabClassName?: string;
}

/**
 * A row of tabs controlling one panel: the selected tab is the one in the tab order, arrow keys move to the
 * next or previous tab (wrapping) and select it.
 */
export function TabList<T extends string>({
  items,
  selected,
  onSelect,
  baseId,
  label,
  children,
  className,
  tabClassName,
}: TabListProps<T>) {
  const select = (next: T) => {
    onSelect(next);
    document.getElementById(tabId(baseId, next))?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item}
          type="button"
          role="tab"
          id={tabId(baseId, item)}
          aria-controls={tabPanelId(baseId)}
          aria-selected={selected === item}
          tabIndex={selected === item ? 0 : -1}
          className={tabClassName}
          onClick={() => select(item)}
          onKeyDown={(event) => {
            if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
            const index = items.indexOf(selected);
            const step = event.key === "ArrowRight" ? 1 : items.length - 1;
            const next = items[(index + step) % items.length];
            if (next) select(next);
          }}
        >
          {children(item)}
        </button>
      ))}
    </div>
  );
}
