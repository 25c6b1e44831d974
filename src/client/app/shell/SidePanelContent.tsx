import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { NavSection } from "../navigation/nav-items.ts";

/** A tab's sub-menu; the home tab lists chat history, which arrives with the chat. */
export function SidePanelContent({ section }: { section: NavSection }) {
  const { i18n } = useLingui();
  if (section.id === "home") {
    return (
      <p className="side-panel__empty">
        <Trans>No chats yet. Your conversations will be listed here.</Trans>
      </p>
    );
  }
  if (section.links.length === 0) {
    return (
      <Link href={section.href} className="side-panel__link">
        {i18n._(section.label)}
      </Link>
    );
  }
  return (
    <ul className="side-panel__links">
      {section.links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className="side-panel__link">
            {i18n._(link.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
