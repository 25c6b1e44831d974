import { getDefaultStore } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installHistoryDepth } from "./app/navigation/history-depth.ts";
import { guardInitialRoute } from "./app/navigation/route-guard.ts";
import { preloadRoute, routeFor } from "./app/navigation/routes.ts";
import { hasStartParam, routeStartLink } from "./app/navigation/start-link.ts";
import { AppProviders } from "./app/providers.tsx";
import { preloadLoginResolver, prepareLoginStatus } from "./app/shell/login-status.ts";
import { currentLayoutMode } from "./app/shell/use-layout-mode-value.ts";
import { createHost } from "./host/create-host.ts";
import { isTelegramLaunch } from "./host/detect-host.ts";
import { HostProvider } from "./host/host-context.tsx";
import { activateLocale, activateSourceLocale, detectLocale, preloadLocale } from "./shared/i18n/i18n.ts";
import { setSettingsStore } from "./shared/settings/settings-store.ts";
import "./app/styles/theme.css";
import "./app/styles/base.css";

/**
 * Bootstrap: pick the host, hand it the settings, route a start link, apply the guard and language, render, tell
 * the host. What the first render needs loads at once, side by side: the host (Telegram's SDK inside Telegram), the
 * language catalog, and the first page's code with its first reads; the app renders with the page (no loading
 * placeholder in between). The sign-in at start does not hold the render: it runs alongside (App).
 */
async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  installHistoryDepth();
  guardInitialRoute();
  // Before the host, side by side with it: the catalog as storage or the browser names it (the host's storage
  // caches into the same localStorage), the sign-in code where there is someone to sign in, and the page the address
  // names with its first reads. A start link names another page: only the host knows whether it is still to be
  // followed, so then only the address's page code loads ahead.
  const telegram = isTelegramLaunch();
  const earlyLocale = detectLocale();
  preloadLocale(earlyLocale);
  preloadLoginResolver(telegram);
  const earlyPath = window.location.pathname;
  if (hasStartParam(window)) {
    routeFor(earlyPath)
      ?.page.component.preload()
      .catch(() => undefined);
  } else {
    const mode = currentLayoutMode(telegram ? "telegram" : "browser");
    preloadRoute(earlyPath, { pathname: earlyPath, locale: earlyLocale, mode }).catch(() => undefined);
  }
  const host = await createHost();
  setSettingsStore(host.storage);
  host.viewport.bindCssVars();
  const store = getDefaultStore();
  prepareLoginStatus(host, store);
  routeStartLink(host, store);
  // the same calls again share the loads already under way; a start link's page or another language start here
  const locale = detectLocale();
  const pathname = window.location.pathname;
  const firstPage = preloadRoute(pathname, { pathname, locale, mode: currentLayoutMode(host.kind) });
  try {
    await activateLocale(locale);
  } catch (error) {
    console.error("The language catalog could not be loaded", error);
    activateSourceLocale();
  }
  await firstPage;
  createRoot(container).render(
    <StrictMode>
      <HostProvider host={host}>
        <AppProviders>
          <App />
        </AppProviders>
      </HostProvider>
    </StrictMode>,
  );
  requestAnimationFrame(() => host.ready());
}

void start();
