import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

export type CopyFormat = "plain" | "markdown";

/**
 * Copy for an answer: the button copies plain text (what the reader sees, tables as tab-separated lines); the
 * arrow beside it opens a small menu that also offers the markdown as written. The menu follows the menu-button
 * pattern: focus moves into it, arrow keys move between its items, Escape closes it and gives focus back, and a
 * press outside it closes it.
 */
export function CopyActions({ onCopy }: { onCopy: (format: CopyFormat) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const choose = (format: CopyFormat) => {
    close();
    onCopy(format);
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const active = document.activeElement;
    const index = active instanceof HTMLElement ? items.indexOf(active) : -1;
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === "Escape") close();
    else if (event.key === "Tab") setOpen(false);
    else if (event.key === "ArrowDown") focusAt(index + 1);
    else if (event.key === "ArrowUp") focusAt(index - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(items.length - 1);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  };

  return (
    <div className="copy-actions" ref={root}>
      <button type="button" className="chip-button copy-actions__main" onClick={() => onCopy("plain")}>
        {t`Copy`}
      </button>
      <button
        ref={toggle}
        type="button"
        className="chip-button copy-actions__more"
        aria-label={t`More ways to copy`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t`More ways to copy`}
          className="copy-actions__menu"
          onKeyDown={onMenuKeyDown}
        >
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose("plain")}>
            {t`Copy as plain text`}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose("markdown")}>
            {t`Copy as Markdown`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
