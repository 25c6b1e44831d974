import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { ModelPickerButton } from "../../features/models/components/ModelPickerButton.tsx";
import { Icon } from "../../shared/ui/Icon.tsx";
import { LazyBoundary } from "../../shared/ui/lazy-load.tsx";
import { AccountSlot } from "./AccountSlot.tsx";
import { MenuDrawer } from "./MenuDrawer.tsx";

// the news-and-alarm popover reads the alarms (swr): it joins after the first paint
const NewsAlarmSlot = lazy(() => import("./NewsAlarmSlot.tsx"));

/** Narrow layout (phones, Telegram): menu, brand, model picker, the news-and-alarm bell and sign-in. */
export function NarrowTopBar() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="app-header app-header--narrow">
      <button
        type="button"
        className="button button--ghost icon-button"
        aria-label={t`Menu`}
        aria-haspopup="dialog"
        onClick={() => setMenuOpen(true)}
      >
        <Icon name="menu" />
      </button>
      <span className="brand">
        <span className="brand__mark" aria-hidden="true">
          ML
        </span>
        <span className="brand__name">MountainLion</span>
      </span>
      <div className="app-header__model">
        <ModelPickerButton />
      </div>
      <LazyBoundary onError={() => undefined}>
        <Suspense fallback={null}>
          <NewsAlarmSlot />
        </Suspense>
      </LazyBoundary>
      <AccountSlot compact />
      <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
