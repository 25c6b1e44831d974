import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { useLayoutMode } from "../../shared/ui/layout-mode.ts";
import "./pages.css";

type HomeTab = "chat" | "cryptos" | "nft";

function Slogan() {
  return (
    <div className="home-hero">
      <h1 className="home__slogan">
        <Trans>
          Ask AI about <span className="home__slogan-accent">any token</span>
        </Trans>
      </h1>
      <p className="home__lead">
        <Trans>
          MountainLion is an AI assistant for crypto investors. Chat, market data and predictions are being built; today
          you can choose the model you want answers from and send us feedback.
        </Trans>
      </p>
    </div>
  );
}

function NotYet({ children }: { children: ReactNode }) {
  return <p className="page__lead home-tab__empty">{children}</p>;
}

/** Home: on narrow screens three tabs (chat, cryptos, NFT); on wide screens the chat start. */
export default function HomePage() {
  const { t } = useLingui();
  const narrow = useLayoutMode() === "narrow";
  const [tab, setTab] = useState<HomeTab>("chat");
  const baseId = useId();
  if (!narrow) {
    return (
      <section className="page home">
        <Slogan />
      </section>
    );
  }
  const tabs: { id: HomeTab; label: string }[] = [
    { id: "chat", label: t`Chat` },
    { id: "cryptos", label: t`Cryptos` },
    { id: "nft", label: t`NFT` },
  ];
  return (
    <section className="page home home--tabs">
      <div className="home-tabs" role="tablist" aria-label={t`Home`}>
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${baseId}-${item.id}-tab`}
            aria-controls={`${baseId}-${item.id}-panel`}
            aria-selected={tab === item.id}
            tabIndex={tab === item.id ? 0 : -1}
            className="home-tabs__tab"
            onClick={() => setTab(item.id)}
            onKeyDown={(event) => {
              if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
              const index = tabs.findIndex((candidate) => candidate.id === tab);
              const step = event.key === "ArrowRight" ? 1 : tabs.length - 1;
              const next = tabs[(index + step) % tabs.length];
              if (next) {
                setTab(next.id);
                document.getElementById(`${baseId}-${next.id}-tab`)?.focus();
              }
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div className="home-tab" role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === "chat" ? <Slogan /> : null}
        {tab === "cryptos" ? (
          <NotYet>
            <Trans>Coin prices, lists and the fear-and-greed index are not available yet.</Trans>
          </NotYet>
        ) : null}
        {tab === "nft" ? (
          <NotYet>
            <Trans>The NFT market is not available yet.</Trans>
          </NotYet>
        ) : null}
      </div>
    </section>
  );
}
