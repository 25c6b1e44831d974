import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import { createStore, Provider as JotaiProvider } from "jotai";
import type { ReactElement } from "react";
import { SWRConfig } from "swr";
import { createBrowserHost } from "../../host/browser-host.ts";
import type { Host } from "../../host/host.ts";
import { HostProvider } from "../../host/host-context.tsx";
import { i18n } from "../i18n/i18n.ts";
import { ToastProvider } from "../ui/Toast.tsx";

/**
 * Renders with fresh state: its own jotai store and swr cache, so tests do not leak into each other, under
 * the browser host unless a test passes another.
 */
export function renderWithProviders(ui: ReactElement, host: Host = createBrowserHost()) {
  const store = createStore();
  const result = render(
    <HostProvider host={host}>
      <I18nProvider i18n={i18n}>
        <JotaiProvider store={store}>
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <ToastProvider>{ui}</ToastProvider>
          </SWRConfig>
        </JotaiProvider>
      </I18nProvider>
    </HostProvider>,
  );
  return { ...result, store };
}
