import type { HostShare } from "./host.ts";

/** The Web Share API where the browser has it, else the link is copied to the clipboard. */
export function createBrowserShare(win: Window): HostShare {
  const { navigator } = win;
  return {
    toChat: false,
    // a bot's prepared messages live in Telegram only
    preparedMessage: false,
    sharePreparedMessage: async () => "unavailable",
    async shareUrl(url, text) {
      if (typeof navigator.share === "function") {
        try {
          await navigator.share(text ? { url, text } : { url });
          return "shared";
        } catch (error) {
          if (isAbortError(error)) return "cancelled";
          // NotAllowedError (no user gesture), DataError and the like: the clipboard still serves.
        }
      }
      return copyLink(navigator, url, text);
    },
  };
}

/** the last resort of sharing: the text and link on the clipboard */
export async function copyLink(navigator: Navigator, url: string, text?: string): Promise<"copied"> {
  if (!navigator.clipboard) throw new Error("Neither sharing nor the clipboard is available");
  await navigator.clipboard.writeText(text ? `${text} ${url}` : url);
  return "copied";
}

function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "name" in error && error.name === "AbortError";
}
