import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { LazyBoundary } from "../../shared/ui/lazy-load.tsx";
import type { NavSection } from "../navigation/nav-items.ts";

// The history and its data client load after the first paint, outside the first load of `/`.
const ChatHistory = lazy(() => import("../../features/chat/components/ChatHistory.tsx"));

/**
 * The chat history panel of the home view; `onNavigate` lets the menu drawer close as a chat opens. The chats are
 * their owner's: the list waits for the sign-in at start to tell whose they are.
 */
export function ChatHistoryPanel({ onNavigate }: { onNavigate?: (href: string) => void }) {
  const resolving = useAtomValue(loginStatusAtom) === "unknown";
  const loading = (
    <p className="side-panel__empty">
      <Trans>Loading chats…</Trans>
    </p>
  );
  if (resolving) return loading;
  return (
    <LazyBoundary onError={() => undefined}>
      <Suspense fallback={loading}>
        <ChatHistory {...(onNavigate ? { onNavigate } : {})} />
      </Suspense>
    </LazyBoundary>
  );
}

/** A tab's sub-menu; the home tab lists the chat history. */
export function SidePanelContent({ section }: { section: NavSection }) {
  const { i18n } = useLingui();
  if (section.id === "home") return <ChatHistoryPanel />;
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
