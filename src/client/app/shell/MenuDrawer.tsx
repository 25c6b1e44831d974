import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "wouter";
import { useStartNewChat } from "../../features/chat/hooks/use-new-chat.ts";
import { FeedbackButton } from "../../features/feedback/components/FeedbackButton.tsx";
import { Drawer } from "../../shared/ui/Drawer.tsx";
import { Icon } from "../../shared/ui/Icon.tsx";
import { navSections } from "../navigation/nav-items.ts";
import { LanguageSwitch } from "./LanguageSwitch.tsx";
import { ChatHistoryPanel } from "./SidePanelContent.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";

/** The narrow layout's menu: the sidebar's sections, settings, language, theme and feedback. */
export function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  // The new page takes the drawer's history entry, so back from it returns to the page the menu was opened on.
  const go = (href: string) => {
    navigate(href, { replace: true });
    onClose();
  };
  const startNewChat = useStartNewChat();
  return (
    <Drawer open={open} onClose={onClose} title={t`Menu`}>
      <nav className="menu" aria-label={t`Main navigation`}>
        <button
          type="button"
          className="menu__item menu__item--accent"
          onClick={() => {
            startNewChat({ replace: true });
            onClose();
          }}
        >
          <Icon name="plus" />
          {t`New chat`}
        </button>
        {navSections.map((section) => (
          <div key={section.id} className="menu__section">
            <Link
              href={section.href}
              className="menu__item"
              onClick={(event) => {
                event.preventDefault();
                go(section.href);
              }}
            >
              <Icon name={section.icon} />
              {i18n._(section.label)}
            </Link>
            {section.links.length > 1 ? (
              <ul className="menu__sublinks">
                {section.links.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      className="menu__sublink"
                      onClick={(event) => {
                        event.preventDefault();
                        go(link.href);
                      }}
                    >
                      {i18n._(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
        <Link
          href="/plans"
          className="menu__item"
          onClick={(event) => {
            event.preventDefault();
            go("/plans");
          }}
        >
          <Icon name="plus" />
          {t`Plans`}
        </Link>
        <Link
          href="/settings/"
          className="menu__item"
          onClick={(event) => {
            event.preventDefault();
            go("/settings/");
          }}
        >
          <Icon name="settings" />
          {t`Settings`}
        </Link>
      </nav>
      <section className="menu__history" aria-label={t`Chats`}>
        <h3 className="menu__history-title">{t`Chats`}</h3>
        {open ? <ChatHistoryPanel onNavigate={go} /> : null}
      </section>
      <div className="menu__footer">
        <LanguageSwitch />
        <ThemeToggle showLabel />
        <FeedbackButton />
      </div>
    </Drawer>
  );
}
