import { Trans } from "@lingui/react/macro";
import { AppHeader } from "./layout/AppHeader.tsx";
import { useApiEventToasts } from "./use-api-event-toasts.ts";
import "./styles/layout.css";

export function App() {
  useApiEventToasts();
  return (
    <div className="app">
      <AppHeader />
      <main className="home">
        <h1 className="home__slogan">
          <Trans>
            Ask AI about <span className="home__slogan-accent">any token</span>
          </Trans>
        </h1>
        <p className="home__lead">
          <Trans>
            MountainLion is an AI assistant for crypto investors. Chat, market data and predictions are being built;
            today you can choose the model you want answers from and send us feedback.
          </Trans>
        </p>
      </main>
    </div>
  );
}
