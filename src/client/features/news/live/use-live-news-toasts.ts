import { msg } from "@lingui/core/macro";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";

/** Spec §9: a pushed news item is announced for 6 s. */
export const NEWS_TOAST_MS = 6_000;

/** Shows each news item pushed over the live channel as an info toast with its title. */
export function useLiveNewsToasts(): void {
  const toast = useToast();
  useLiveEvent("news", (item) => {
    const title = item.title;
    toast.show(msg`News: ${title}`, "info", { durationMs: NEWS_TOAST_MS });
  });
}
