import type { MessageDescriptor } from "@lingui/core";
import type { LayoutMode } from "../../shared/ui/layout-mode.ts";

/** What the router gives every page: the title of its route. */
export interface PageProps {
  title: MessageDescriptor;
}

/** What a page's first screen depends on, known before the first render (which reads to start ahead). */
export interface FirstScreen {
  /** the path the app opened on (after a start link's routing) */
  pathname: string;
  mode: LayoutMode;
  /** the active locale ("en", "zh") */
  locale: string;
}
