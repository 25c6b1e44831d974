import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import type { LiveEventName, LiveListener } from "./live-channel.ts";
import { type LiveHub, liveHub } from "./live-hub.ts";

/**
 * Keeps the app's live channel open in the app's language while the component is mounted and calls
 * `listener` for each `event`. The latest listener is used without resubscribing.
 */
export function useLiveEvent<E extends LiveEventName>(event: E, listener: LiveListener<E>, hub: LiveHub = liveHub) {
  const { i18n } = useLingui();
  const lang = i18n.locale === "zh" ? "cn" : "en";
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => hub.retain(lang), [hub, lang]);
  useEffect(() => hub.subscribe(event, (data) => latest.current(data)), [hub, event]);
}
