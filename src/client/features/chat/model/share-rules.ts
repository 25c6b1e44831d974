import { Limits } from "../../../../contract/constants.ts";

export const SHARE_MIN = Limits.shareSelectionMin;
export const SHARE_MAX = Limits.shareSelectionMax;

/**
 * Adds or removes a message from the share selection. Adding a seventh is refused (chooseChat), the
 * selection unchanged.
 */
export function toggleSelection(
  selection: readonly string[],
  code: string,
  max: number = SHARE_MAX,
): { selection: string[]; refused: boolean } {
  if (selection.includes(code)) return { selection: selection.filter((item) => item !== code), refused: false };
  if (selection.length >= max) return { selection: [...selection], refused: true };
  return { selection: [...selection, code], refused: false };
}

/** Spec §5: 1 to 6 messages may be shared. */
export function canShare(selection: readonly string[]): boolean {
  return selection.length >= SHARE_MIN && selection.length <= SHARE_MAX;
}

/** Spec §9: share summaries and tweets are cut to 140 characters. */
export function shareSummary(text: string, max: number = Limits.shareSummaryMax): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

export type ShareSite = "x" | "facebook" | "weibo";

/** The sites' own share pages ("intent" links), opened in a new tab or the host's browser. */
export function shareIntentUrl(site: ShareSite, url: string, text: string): string {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (site) {
    case "x":
      return `https://twitter.com/intent/tweet?${query({ text, url })}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`;
    case "weibo":
      return `https://service.weibo.com/share/share.php?${query({ url, title: text })}`;
  }
}
