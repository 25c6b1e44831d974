import { Trans, useLingui } from "@lingui/react/macro";
import { type MouseEvent, useMemo, useState } from "react";
import { Link, useLocation, useRoute } from "wouter";
import { Timing } from "../../../../contract/constants.ts";
import { isApiError } from "../../../shared/api/api-error.ts";
import { formatDate } from "../../../shared/format/date-time.ts";
import { messageForKey, messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { deleteChatGroups } from "../api/chat-mutations.ts";
import { useChatGroups } from "../api/get-msg-group-list.ts";
import { useLockedAction } from "../hooks/use-locked-action.ts";
import { useChatOwner, useStartNewChat } from "../hooks/use-new-chat.ts";
import { chatPath } from "../model/chat-id.ts";
import { chatTitle, type DayGroup, groupChatsByDay } from "../model/group-by-day.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import "./chat.css";
import "./chat-history.css";

/**
 * Resolves once the browser has gone back a step (a closed dialog takes its history entry off), or after
 * `ms` when nothing pops. Navigating before that pop would be undone by it.
 */
function nextHistoryPop(ms = 600): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("popstate", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("popstate", done);
  });
}

export interface ChatHistoryProps {
  /** how a chat opens (the menu drawer replaces its own history entry and closes); wouter's navigate otherwise */
  onNavigate?: (href: string) => void;
  /** for tests: the day "today" is */
  now?: Date;
}

/**
 * The chat history of spec §2/§4 (side panel on wide screens, menu drawer on narrow ones): chats grouped by
 * day in the user's time zone, and an edit mode to select, select all, clear, delete with confirmation, cancel.
 */
export default function ChatHistory({ onNavigate, now }: ChatHistoryProps) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const owner = useChatOwner();
  const { data, error, mutate } = useChatGroups(owner);
  const [, navigate] = useLocation();
  const [onChat, params] = useRoute<{ id: string }>("/chat/:id");
  const current = onChat ? params.id : undefined;
  const startNewChat = useStartNewChat();
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const list = data?.list ?? [];
  const groups = useMemo(() => groupChatsByDay(data?.list ?? [], now), [data, now]);

  const go = (href: string) => (onNavigate ? onNavigate(href) : navigate(href));
  const groupLabel = (group: DayGroup) => {
    switch (group.kind) {
      case "today":
        return t`Today`;
      case "yesterday":
        return t`Yesterday`;
      case "week":
        return t`Previous 7 days`;
      case "date":
        return formatDate(group.day, i18n.locale);
    }
  };
  const stopEditing = () => {
    setEditing(false);
    setSelected(new Set());
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const allSelected = list.length > 0 && selected.size === list.length;

  const [askDelete, deleteLocked] = useLockedAction(() => {
    if (selected.size > 0) setConfirming(true);
  }, Timing.debounceMs);

  const remove = async () => {
    const ids = [...selected];
    setDeleting(true);
    try {
      await deleteChatGroups(ids);
      const remaining = list.filter((chat) => !selected.has(chat.msggroup));
      toast.show(messageKeyText.delSuccess, "success");
      const dialogGone = nextHistoryPop();
      setConfirming(false);
      stopEditing();
      await mutate(data ? { ...data, list: remaining, total: remaining.length } : undefined, { revalidate: true });
      if (current && ids.includes(current)) {
        // spec §4: the open chat is gone, so the first remaining one opens (or a new chat)
        const first = groupChatsByDay(remaining, now)[0]?.chats[0];
        await dialogGone;
        if (first) go(chatPath(first.msggroup));
        else startNewChat({ replace: true });
      }
    } catch (failure) {
      toast.show(messageForKey(isApiError(failure) ? failure.key : "Serverbusy"), "error");
    } finally {
      setDeleting(false);
    }
  };

  if (error && !data) {
    return (
      <div className="chat-history">
        <LoadError onRetry={() => void mutate()}>
          <Trans>The chats could not be loaded.</Trans>
        </LoadError>
      </div>
    );
  }
  if (!data) {
    return (
      <p className="chat-history__state" aria-busy="true">
        <Trans>Loading chats…</Trans>
      </p>
    );
  }
  if (list.length === 0) {
    return (
      <p className="chat-history__state side-panel__empty">
        <Trans>No chats yet. Your conversations will be listed here.</Trans>
      </p>
    );
  }
  const count = selected.size;
  return (
    <div className="chat-history">
      <div className="chat-history__toolbar" role="toolbar" aria-label={t`Chat history actions`}>
        {editing ? (
          <>
            <button
              type="button"
              className="link-button"
              onClick={() => setSelected(allSelected ? new Set() : new Set(list.map((chat) => chat.msggroup)))}
            >
              {allSelected ? t`Clear all` : t`Select all`}
            </button>
            <button
              type="button"
              className="link-button link-button--danger"
              disabled={count === 0 || deleteLocked}
              onClick={askDelete}
            >
              {t`Delete (${count})`}
            </button>
            <button type="button" className="link-button" onClick={stopEditing}>
              {t`Cancel`}
            </button>
          </>
        ) : (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            {t`Edit chats`}
          </button>
        )}
      </div>
      {groups.map((group) => {
        const label = groupLabel(group);
        return (
          <section key={group.key} className="chat-history__group" aria-label={label}>
            <h3 className="chat-history__day">{label}</h3>
            <ul className="chat-history__list">
              {group.chats.map((chat) => {
                const title = chatTitle(chat.content) || t`New chat`;
                const href = chatPath(chat.msggroup, chat.agent_id);
                return (
                  <li key={chat.msggroup}>
                    {editing ? (
                      <label className="chat-history__item chat-history__item--select">
                        <input
                          type="checkbox"
                          checked={selected.has(chat.msggroup)}
                          onChange={() => toggle(chat.msggroup)}
                        />
                        <span className="chat-history__title">{title}</span>
                      </label>
                    ) : (
                      <Link
                        href={href}
                        className="chat-history__item"
                        aria-current={chat.msggroup === current ? "page" : undefined}
                        onClick={(event: MouseEvent) => {
                          if (!onNavigate) return;
                          event.preventDefault();
                          onNavigate(href);
                        }}
                      >
                        <span className="chat-history__title">{title}</span>
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <ConfirmDialog
        open={confirming}
        title={count === 1 ? t`Delete this chat?` : t`Delete ${count} chats?`}
        confirmLabel={t`Delete`}
        busy={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      >
        <p>{t`The chats and their messages will be deleted. This cannot be undone.`}</p>
      </ConfirmDialog>
    </div>
  );
}
