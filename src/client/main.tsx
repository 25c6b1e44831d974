import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { AppProviders } from "./app/providers.tsx";
import { activateLocale, activateSourceLocale, detectLocale } from "./shared/i18n/i18n.ts";
import "./app/styles/theme.css";
import "./app/styles/base.css";

async function start(): Promise<void> {
  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root element");
  try {
    await activateLocale(detectLocale());
  } catch (error) {
    console.error("The language catalog could not be loaded", error);
    activateSourceLocale();
  }
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
