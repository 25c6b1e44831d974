import { FeedbackButton } from "../../features/feedback/components/FeedbackButton.tsx";
import { ModelPickerButton } from "../../features/models/components/ModelPickerButton.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

/** A minimal header for the foundation milestone; the full shell (sidebar, account, points) comes later. */
export function AppHeader() {
  return (
    <header className="app-header">
      <span className="brand">
        <span className="brand__mark" aria-hidden="true">
          ML
        </span>
        MountainLion
      </span>
      <div className="app-header__model">
        <ModelPickerButton />
      </div>
      <div className="app-header__actions">
        <LanguageSwitch />
        <FeedbackButton />
      </div>
    </header>
  );
}
