import { msg } from "@lingui/core/macro";
import { useSetAtom } from "jotai";
import { useLiveEvent } from "../../../shared/live/use-live-event.ts";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { addPushedNews, pushedNewsAtom } from "./pushed-news.ts";

/** Spec §9: a pushed news item is announced for 6 s. */
export const NEWS_TOAST_MS = 6_000;

/** Shows each news item pushed over the live channel as an info toast with its title and keeps the last five. */
export function useLiveNewsToasts(): void {
  const toast = useToast();
  const setPushed = useSetAtom(pushedNewsAtom);
  useLiveEvent("news", (item) => {
    const title = item.title;
    setPushed((list) => addPushedNews(list, item));
    toast.show(msg`News: ${title}`, "info", { durationMs: NEWS_TOAST_MS });
  });
}
