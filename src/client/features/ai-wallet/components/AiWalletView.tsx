import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue, useSetAtom } from "jotai";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { isApiError } from "../../../shared/api/api-error.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { TabList, tabId, tabPanelId } from "../../../shared/ui/TabList.tsx";
import { limitMoving, withdrawalMoving } from "../ai-wallet-text.ts";
import {
  type AiAccountInfoData,
  aiAccountInfoKey,
  createAiAccount,
  useAiAccountInfo,
  useLimitOrders,
  useWithdrawals,
} from "../api/ai-wallet-api.ts";
import { ExportKeyPanel } from "./ExportKeyPanel.tsx";
import { FrozenCoins } from "./FrozenCoins.tsx";
import { FundPanel } from "./FundPanel.tsx";
import { LimitOrders } from "./LimitOrders.tsx";
import type { AiWalletSlots } from "./slots.ts";
import { TradePanel } from "./TradePanel.tsx";
import type { TradeMode } from "./trade-types.ts";
import { WalletOverview } from "./WalletOverview.tsx";
import { WithdrawalHistory } from "./WithdrawalHistory.tsx";
import { WithdrawPanel } from "./WithdrawPanel.tsx";
import "../../../shared/ui/card.css";
import "../../../shared/ui/form.css";
import "../../../shared/ui/tabs.css";
import "./ai-wallet.css";

export const aiWalletTabs = ["fund", "withdraw", "trade", "export"] as const;
export type AiWalletTab = (typeof aiWalletTabs)[number];

/** How often lists with something still moving (a withdrawal being sent, an open limit order) are read again. */
export const AI_WALLET_POLL_MS = 15_000;
/** How often the result of a market swap still under way is read again, until its status is final. */
export const SWAP_ORDER_POLL_MS = 3_000;

export interface AiWalletViewProps {
  slots: AiWalletSlots;
  /** the section shown first (the page's ?tab=) and the trade panel's order type (?mode=) */
  initialTab?: AiWalletTab;
  initialMode?: TradeMode;
  /** an account that did not sign in with email: log it out and open the email sign-in */
  onEmailSignIn: () => void;
  /** tests pass 0: no reads behind their back */
  pollMs?: number;
  /** the pace a market swap under way is followed at (SWAP_ORDER_POLL_MS; 0: not followed) */
  orderPollMs?: number;
}

/**
 * The AI wallet (spec §1, §3 email AI account, §6 email login needed): every state said plainly (no key custody on
 * this server, not signed in with email, no wallet yet), else the wallet with its coins (the frozen ones, received
 * from an address on the sanctions list, set apart), and the ways to fund it, withdraw, trade (market and limit
 * orders) and export its key.
 */
export function AiWalletView({
  slots,
  initialTab = "fund",
  initialMode = "market",
  onEmailSignIn,
  pollMs = AI_WALLET_POLL_MS,
  orderPollMs = SWAP_ORDER_POLL_MS,
}: AiWalletViewProps) {
  const { i18n } = useLingui();
  const loginStatus = useAtomValue(loginStatusAtom);
  const userId = useAtomValue(userIdAtom);
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const signedIn = loginStatus === "loggedIn";
  const info = useAiAccountInfo(signedIn ? userId : null);

  if (loginStatus === "unknown") {
    return (
      <p className="aiw-muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (!signedIn) {
    return (
      <div className="card aiw-state">
        <p>
          <Trans>Sign in with your email to use the AI wallet.</Trans>
        </p>
        <Button variant="primary" onClick={() => openSignIn(true)}>
          <Trans>Sign in</Trans>
        </Button>
      </div>
    );
  }
  if (info.error) {
    return (
      <LoadError onRetry={() => void info.mutate()}>
        {i18n._(messageForKey(isApiError(info.error) ? info.error.key : "Serverbusy"))}
      </LoadError>
    );
  }
  if (!info.data) {
    return (
      <p className="aiw-muted" role="status">
        <Trans>Loading your AI wallet…</Trans>
      </p>
    );
  }
  const data = info.data;
  if (!data.available) {
    return data.reason === "emailLoginNeeded" ? (
      <div className="card aiw-state">
        <p>{i18n._(messageForKey("aiWalletEmailOnly"))}</p>
        <Button variant="primary" onClick={onEmailSignIn}>
          <Trans>Log out and sign in with email</Trans>
        </Button>
      </div>
    ) : (
      <div className="card aiw-state">
        <p role="status">{i18n._(messageForKey("aiWalletUnavailable"))}</p>
      </div>
    );
  }
  if (!data.account) {
    return <CreateWallet userId={userId} />;
  }
  return (
    <WalletScreen
      data={data}
      userId={userId}
      slots={slots}
      initialTab={initialTab}
      initialMode={initialMode}
      pollMs={pollMs}
      orderPollMs={orderPollMs}
      refreshing={info.isValidating}
      onRefresh={() => void info.mutate()}
    />
  );
}

/** No wallet yet: what the AI wallet is, and the button that creates it. */
function CreateWallet({ userId }: { userId: string }) {
  const { t, i18n } = useLingui();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const created = await createAiAccount();
      await mutate(aiAccountInfoKey(userId), created, { revalidate: false });
    } catch (error) {
      setFailure(i18n._(messageForKey(isApiError(error) ? error.key : "Serverbusy")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card aiw-state" aria-labelledby="aiw-create-title">
      <h2 id="aiw-create-title" className="card__title">
        <Trans>You have no AI wallet yet</Trans>
      </h2>
      <p>
        <Trans>
          The AI wallet is a wallet the server holds for you. The server creates its key and keeps it sealed
          (encrypted); it signs only your own orders: the swaps, limit orders and withdrawals you ask for. Withdrawals
          and exporting the key need a code we email to you.
        </Trans>
      </p>
      {failure ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <Button variant="primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void create()}>
        {busy ? t`Creating…` : t`Create AI wallet`}
      </Button>
    </section>
  );
}

interface WalletScreenProps {
  data: AiAccountInfoData;
  userId: string;
  slots: AiWalletSlots;
  initialTab: AiWalletTab;
  initialMode: TradeMode;
  pollMs: number;
  orderPollMs: number;
  refreshing: boolean;
  onRefresh: () => void;
}

function WalletScreen({
  data,
  userId,
  slots,
  initialTab,
  initialMode,
  pollMs,
  orderPollMs,
  refreshing,
  onRefresh,
}: WalletScreenProps) {
  const { t } = useLingui();
  const baseId = useId();
  const [tab, setTab] = useState<AiWalletTab>(initialTab);
  const [mode, setMode] = useState<TradeMode>(initialMode);
  const withdrawals = useWithdrawals(userId, (list) =>
    pollMs > 0 && list?.some((item) => withdrawalMoving(item.status)) ? pollMs : 0,
  );
  const limitOrders = useLimitOrders(userId, (list) =>
    pollMs > 0 && list?.some((item) => limitMoving(item.status)) ? pollMs : 0,
  );
  const account = data.account;
  if (!account) return null;
  const tabLabel: Record<AiWalletTab, string> = {
    fund: t`Fund`,
    withdraw: t`Withdraw`,
    trade: t`Trade`,
    export: t`Export key`,
  };

  return (
    <div className="card-columns">
      <div className="aiw-column">
        <WalletOverview account={account} refreshing={refreshing} onRefresh={onRefresh} />
        <FrozenCoins account={account} />
      </div>
      <section className="card aiw-actions-card" aria-label={t`AI wallet actions`}>
        <TabList<AiWalletTab>
          items={aiWalletTabs}
          selected={tab}
          onSelect={setTab}
          baseId={baseId}
          label={t`AI wallet actions`}
          className="tab-list aiw-tabs"
          tabClassName="tab-list__tab aiw-tabs__tab"
        >
          {(item) => tabLabel[item]}
        </TabList>
        <div id={tabPanelId(baseId)} role="tabpanel" aria-labelledby={tabId(baseId, tab)} className="aiw-tabpanel">
          {tab === "fund" ? <FundPanel account={account} /> : null}
          {tab === "withdraw" ? (
            <>
              <WithdrawPanel
                account={account}
                onWithdrawn={() => {
                  onRefresh();
                  void withdrawals.mutate();
                }}
              />
              <WithdrawalHistory
                list={withdrawals.data}
                error={withdrawals.error}
                onRetry={() => void withdrawals.mutate()}
              />
            </>
          ) : null}
          {tab === "trade" ? (
            <>
              <TradePanel
                account={account}
                slots={slots}
                mode={mode}
                onModeChange={setMode}
                orderPollMs={orderPollMs}
                onTraded={() => {
                  onRefresh();
                  void limitOrders.mutate();
                }}
              />
              <LimitOrders
                list={limitOrders.data}
                error={limitOrders.error}
                onRetry={() => void limitOrders.mutate()}
                onChanged={() => {
                  void limitOrders.mutate();
                  onRefresh();
                }}
              />
            </>
          ) : null}
          {tab === "export" ? <ExportKeyPanel frozen={account.frozen.length > 0} /> : null}
        </div>
      </section>
    </div>
  );
}
