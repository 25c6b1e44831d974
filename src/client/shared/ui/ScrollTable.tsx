import type { ReactNode } from "react";

/**
 * A wide table in a region that scrolls sideways on a narrow screen. The region is focusable so that a keyboard can
 * scroll it, and both it and the table are named by `label`. `block` is the table's CSS block (the region is
 * `<block>__scroll`).
 */
export function ScrollTable({ block, label, children }: { block: string; label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the sideways-scrolling region must be reachable by keyboard
    <section className={`${block}__scroll`} aria-label={label} tabIndex={0}>
      <table className={block} aria-label={label}>
        {children}
      </table>
    </section>
  );
}
