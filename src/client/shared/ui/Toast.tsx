import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import "./toast.css";

export type ToastTone = "info" | "success" | "error";

interface ToastItem {
  id: number;
  /** identity for de-duplication: the same message shown twice in a row only restarts its timer */
  signature: string;
  message: MessageDescriptor;
  tone: ToastTone;
}

export interface ToastOptions {
  /** how long this toast stays; the provider's duration when absent (live news stays 6 s, spec §9) */
  durationMs?: number;
}

export interface ToastApi {
  show(message: MessageDescriptor, tone?: ToastTone, options?: ToastOptions): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export const TOAST_DURATION_MS = 4_000;

/**
 * Holds the toasts and renders them in one polite live region. Messages are descriptors, so a toast shown
 * before a language switch is re-rendered in the new language.
 */
export function ToastProvider({
  children,
  durationMs = TOAST_DURATION_MS,
}: {
  children: ReactNode;
  durationMs?: number;
}) {
  const { i18n } = useLingui();
  const [toasts, setToasts] = useState<readonly ToastItem[]>([]);
  // The list lives in a ref as well, so show() can de-duplicate without side effects inside a state updater.
  const list = useRef<readonly ToastItem[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const commit = useCallback((next: readonly ToastItem[]) => {
    list.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      const timer = timers.current.get(id);
      if (timer !== undefined) clearTimeout(timer);
      timers.current.delete(id);
      commit(list.current.filter((toast) => toast.id !== id));
    },
    [commit],
  );

  const schedule = useCallback(
    (id: number, ms: number = durationMs) => {
      const previous = timers.current.get(id);
      if (previous !== undefined) clearTimeout(previous);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), ms),
      );
    },
    [dismiss, durationMs],
  );

  const show = useCallback(
    (message: MessageDescriptor, tone: ToastTone = "info", options: ToastOptions = {}) => {
      const signature = `${tone}:${message.id ?? message.message ?? ""}:${JSON.stringify(message.values ?? {})}`;
      const existing = list.current.find((toast) => toast.signature === signature);
      if (existing) {
        schedule(existing.id, options.durationMs);
        return;
      }
      const id = nextId.current++;
      commit([...list.current, { id, signature, message, tone }]);
      schedule(id, options.durationMs);
    },
    [commit, schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.tone}`}>
            {i18n._(toast.message)}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider> above it");
  return api;
}
