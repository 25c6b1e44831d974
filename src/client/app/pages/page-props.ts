import type { MessageDescriptor } from "@lingui/core";

/** What the router gives every page: the title of its route. */
export interface PageProps {
  title: MessageDescriptor;
}
