import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { i18n } from "../shared/i18n/i18n.ts";
import { ToastProvider } from "../shared/ui/Toast.tsx";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
}
