import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { installHistoryDepth } from "./app/navigation/history-depth.ts";
import { guardInitialRoute } from "./app/navigation/route-guard.ts";
import { AppProviders } from "./app/providers.tsx";
import { createHost } from "./host/create-host.ts";
import { HostProvider } from "./host/host-context.tsx";
import { activateLocale, activateSourceLocale, detectLocale } from "./shared/i18n/i18n.ts";
import { setSettingsStore } from "./shared/settings/settings-store.ts";
import "./app/styles/theme.css";
import "./app/styles/base.css";

/** Bootstrap: pick the host, hand it the settings, apply the guard and language, render, tell the host. */
async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  installHistoryDepth();
  guardInitialRoute();
  const host = await createHost();
  setSettingsStore(host.storage);
  host.viewport.bindCssVars();
  try {
    await activateLocale(detectLocale());
  } catch (error) {
    console.error("The language catalog could not be loaded", error);
    activateSourceLocale();
  }
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
