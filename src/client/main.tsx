// first, for its side effect: the launch's loads start before the rest of this script is evaluated
import "./app/early-loads.ts";
import { getDefaultStore } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installHistoryDepth } from "./app/navigation/history-depth.ts";
import { guardInitialRoute } from "./app/navigation/route-guard.ts";
import { preloadRoute } from "./app/navigation/routes.ts";
import { routeStartLink } from "./app/navigation/start-link.ts";
import { AppProviders } from "./app/providers.tsx";
import { prepareLoginStatus } from "./app/shell/login-status.ts";
import { currentLayoutMode } from "./app/shell/use-layout-mode-value.ts";
import { createHost } from "./host/create-host.ts";
import { HostProvider } from "./host/host-context.tsx";
import { activateLocale, activateSourceLocale, detectLocale } from "./shared/i18n/i18n.ts";
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
  const host = await createHost();
  setSettingsStore(host.storage);
  host.viewport.bindCssVars();
  const store = getDefaultStore();
  prepareLoginStatus(host, store);
  routeStartLink(host, store);
  // the early loads' calls again (app/early-loads.ts): they share the loads under way; a start link's page or the
  // host's language start here
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
