import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Breakpoints } from "../../../contract/constants.ts";
import { FeedbackButton } from "../../features/feedback/components/FeedbackButton.tsx";
import { ModelPickerButton } from "../../features/models/components/ModelPickerButton.tsx";
import { LazyBoundary } from "../../shared/ui/lazy-load.tsx";
import { AccountSlot } from "./AccountSlot.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { useMediaQuery } from "./use-layout-mode-value.ts";

// the badge reads the membership (swr): it joins after the first paint, outside the first load
const UpgradeBadge = lazy(() => import("../../features/pay/components/UpgradeBadge.tsx"));
// the news-and-alarm popover reads the alarms (swr): it joins after the first paint too
const NewsAlarmSlot = lazy(() => import("./NewsAlarmSlot.tsx"));

/** Wide layout header. Below 1150 px (Chinese) or 1400 px (English) it turns compact: icons, no labels. */
export function WideHeader() {
  const { i18n } = useLingui();
  const threshold = i18n.locale === "zh" ? Breakpoints.headerZh : Breakpoints.headerEn;
  const compact = useMediaQuery(`(max-width: ${threshold - 0.02}px)`);
  return (
    <header className={["app-header", compact ? "app-header--compact" : ""].join(" ")}>
      <div className="app-header__model">
        <ModelPickerButton />
      </div>
      <div className="app-header__actions">
        <LazyBoundary onError={() => undefined}>
          <Suspense fallback={null}>
            <UpgradeBadge />
          </Suspense>
        </LazyBoundary>
        <LazyBoundary onError={() => undefined}>
          <Suspense fallback={null}>
            <NewsAlarmSlot />
          </Suspense>
        </LazyBoundary>
        <LanguageSwitch />
        <ThemeToggle showLabel={!compact} />
        <FeedbackButton />
        <AccountSlot compact={compact} />
      </div>
    </header>
  );
}
