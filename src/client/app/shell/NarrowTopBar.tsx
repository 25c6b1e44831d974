import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ModelPickerButton } from "../../features/models/components/ModelPickerButton.tsx";
import { Icon } from "../../shared/ui/Icon.tsx";
import { AccountSlot } from "./AccountSlot.tsx";
import { MenuDrawer } from "./MenuDrawer.tsx";

/** Narrow layout (phones, Telegram): menu, brand, model picker and sign-in. */
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
      <AccountSlot compact />
      <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
