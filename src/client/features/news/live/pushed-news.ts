import { atom } from "jotai";
import type { NewsItemData } from "../../../../contract/news.ts";

/** Spec §4: the list of news pushed while the app is open keeps at most 5 items, newest first. */
export const PUSHED_NEWS_MAX = 5;

export const pushedNewsAtom = atom<readonly NewsItemData[]>([]);

/** The list with `item` added on top; an item already listed moves to the top instead of repeating. */
export function addPushedNews(list: readonly NewsItemData[], item: NewsItemData): readonly NewsItemData[] {
  return [item, ...list.filter((other) => other.code !== item.code)].slice(0, PUSHED_NEWS_MAX);
}
