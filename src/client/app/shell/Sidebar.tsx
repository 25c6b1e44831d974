import { useLingui } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { useStartNewChat } from "../../features/chat/hooks/use-new-chat.ts";
import { SidebarPurchaseButton } from "../../features/pay/components/SidebarPurchaseButton.tsx";
import { pinSideAtom } from "../../shared/settings/settings.ts";
import { Icon } from "../../shared/ui/Icon.tsx";
import { type NavSection, navSections } from "../navigation/nav-items.ts";
import { SidePanelContent } from "./SidePanelContent.tsx";
import "./sidebar.css";

/** The unpinned side panel closes once the pointer is this far from the left edge (spec §4). */
const PANEL_EDGE_PX = 320;

function sectionOf(location: string): NavSection["id"] {
  const dashboard = ["/popularTokens", "/tokensData", "/crypto", "/aiRanking", "/aiCompare"];
  if (dashboard.some((prefix) => location.startsWith(prefix))) return "dashboard";
  if (location.startsWith("/message")) return "news";
  if (location.startsWith("/aiBuyCoins") || location.startsWith("/swap")) return "aiswap";
  if (location.startsWith("/predict")) return "predict";
  if (location.startsWith("/agents") || location.startsWith("/discover")) return "agents";
  return "home";
}

/** Wide layout: the icon rail with its tabs, and the side panel that shows the hovered tab's sub-menu. */
export function Sidebar() {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const startNewChat = useStartNewChat();
  const [pinned, setPinned] = useAtom(pinSideAtom);
  const [active, setActive] = useState<NavSection["id"]>(() => sectionOf(location));
  const [peeking, setPeeking] = useState(false);
  const panelOpen = pinned || peeking;
  const section = navSections.find((candidate) => candidate.id === active) ?? navSections[0];

  useEffect(() => setActive(sectionOf(location)), [location]);
  useEffect(() => {
    if (pinned || !peeking) return;
    const onMove = (event: MouseEvent) => {
      if (event.clientX > PANEL_EDGE_PX) setPeeking(false);
    };
    window.addEventListener("mousemove", onMove);
    return () => window.removeEventListener("mousemove", onMove);
  }, [pinned, peeking]);

  const reveal = (id: NavSection["id"]) => {
    setActive(id);
    if (!pinned) setPeeking(true);
  };

  return (
    <aside
      className={["sidebar", pinned ? "sidebar--pinned" : "", panelOpen ? "sidebar--open" : ""].join(" ")}
      aria-label={t`Main navigation`}
    >
      <nav className="rail">
        <Link href="/" className="rail__logo" aria-label={t`MountainLion home`}>
          ML
        </Link>
        <button type="button" className="rail__new" onClick={() => startNewChat()}>
          <Icon name="plus" />
          <span>{t`New chat`}</span>
        </button>
        {navSections.map((item) => (
          <Link
            key={item.id}
            href={item.href}
            className="rail__tab"
            aria-current={sectionOf(location) === item.id ? "page" : undefined}
            onMouseEnter={() => reveal(item.id)}
            onFocus={() => reveal(item.id)}
          >
            <Icon name={item.icon} />
            <span>{i18n._(item.label)}</span>
          </Link>
        ))}
        <Link href="/settings/" className="rail__tab rail__tab--end">
          <Icon name="settings" />
          <span>{t`Settings`}</span>
        </Link>
        <SidebarPurchaseButton className="rail__tab" />
      </nav>
      {section ? (
        <div className="side-panel" inert={!panelOpen} data-open={panelOpen}>
          <div className="side-panel__header">
            <h2 className="side-panel__title">{i18n._(section.label)}</h2>
            <button
              type="button"
              className="button button--ghost icon-button"
              aria-pressed={pinned}
              aria-label={pinned ? t`Unpin side panel` : t`Pin side panel`}
              onClick={() => {
                setPinned(!pinned);
                setPeeking(false);
              }}
            >
              <Icon name={pinned ? "unpin" : "pin"} />
            </button>
          </div>
          <SidePanelContent section={section} />
        </div>
      ) : null}
    </aside>
  );
}
