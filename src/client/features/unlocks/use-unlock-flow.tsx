import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { useLocation } from "wouter";
import { ErrorCode } from "../../../contract/errors.ts";
import { type UnlockBody, type UnlockScenario, unlockPrice } from "../../../contract/unlocks.ts";
import { isApiError } from "../../shared/api/api-error.ts";
import { messageForKey, messageKeyText } from "../../shared/i18n/message-key-text.ts";
import { loginStatusAtom, signInDialogOpenAtom } from "../../shared/session/session.ts";
import { useToast } from "../../shared/ui/Toast.tsx";
import {
  changedByUnlock,
  confirmExchange,
  getUnlockStatus,
  pointsExchange,
  readPointsInfo,
  readUserInfo,
} from "./api/unlock-calls.ts";
import { ConfirmUnlockDialog } from "./components/ConfirmUnlockDialog.tsx";
import { NoPointsDialog } from "./components/NoPointsDialog.tsx";
import { RedeemPointsDialog } from "./components/RedeemPointsDialog.tsx";

/** What to unlock: a scenario, and for a strategy diagram or a chat the message (msggroup, msgid). */
export interface UnlockAsk {
  scenario: UnlockScenario;
  msggroup?: string;
  msgid?: string;
}

/** Where the no-points dialog sends the user: the purchase dialog's tabs, when the app has one to open. */
export type PurchaseTab = "package" | "points";

export interface UnlockFlowOptions {
  openPurchase?: (tab: PurchaseTab) => void;
}

export interface UnlockFlow {
  /**
   * Resolves true when the thing may be used now (unlimited card, already unlocked, or unlocked here), false when
   * the user is not signed in, cancels, or has too few points.
   */
  request(ask: UnlockAsk): Promise<boolean>;
  /** the flow's dialogs, rendered by whoever uses it */
  dialogs: ReactNode;
}

type Step =
  | { kind: "idle" }
  | { kind: "confirm"; ask: UnlockAsk; left: number }
  | {
      kind: "redeem";
      ask: UnlockAsk;
      balance: number | undefined;
      chatsLeft: { remain: number; total: number } | undefined;
    }
  | { kind: "noPoints"; ask: UnlockAsk; balance: number | undefined };

const bodyOf = (ask: UnlockAsk): UnlockBody => ({
  scenario: ask.scenario,
  msggroup: ask.msggroup ?? "",
  msgid: ask.msgid ?? "",
});

/**
 * The unlock flow of spec §4: a visitor is asked to sign in (loginFirst); a trial or VIP card (state 1) and
 * something already unlocked go through; with free unlocks left today (allowance_num, state 2) the confirm-unlock
 * dialog uses one (points/confirmExchange); else (state 3, and a chat once the free ones are used up) the redeem
 * dialog pays with points (points/pointsExchange), and 20004 opens the no-points dialog. A success says
 * Unlockedsuccessfully (RedeemSuccessful for a chat) and reads the points and the allowance again. One request at a
 * time; a second while one is open resolves false.
 */
export function useUnlockFlow(options: UnlockFlowOptions = {}): UnlockFlow {
  const toast = useToast();
  const status = useAtomValue(loginStatusAtom);
  const openSignIn = useSetAtom(signInDialogOpenAtom);
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [busy, setBusy] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const finish = useCallback((ok: boolean) => {
    const resolve = resolver.current;
    resolver.current = null;
    setStep({ kind: "idle" });
    setBusy(false);
    resolve?.(ok);
  }, []);
  // a page left with a dialog open: whoever waits hears "not unlocked"
  useEffect(() => () => resolver.current?.(false), []);

  const showError = useCallback(
    (error: unknown) => toast.show(messageForKey(isApiError(error) ? error.key : "Serverbusy"), "error"),
    [toast],
  );

  const loadBalance = useCallback(() => {
    readPointsInfo()
      .then(({ points }) =>
        setStep((current) =>
          current.kind === "redeem" || current.kind === "noPoints" ? { ...current, balance: points } : current,
        ),
      )
      .catch(() => undefined);
  }, []);

  const request = useCallback(
    async (ask: UnlockAsk): Promise<boolean> => {
      if (status !== "loggedIn") {
        toast.show(messageKeyText.loginFirst, "info");
        openSignIn(true);
        return false;
      }
      if (resolver.current) return false;
      try {
        const info = await readUserInfo();
        if (info.card !== "0" && info.queryTimes.isUnlimited) return true;
        if (ask.scenario === "CHAT" && info.queryTimes.exchange.remain <= 0) {
          toast.show(messageKeyText.noRemainingChats, "error");
          return false;
        }
        if (ask.scenario !== "CHAT" && (await getUnlockStatus(bodyOf(ask))).unlocked) return true;
        const answer = new Promise<boolean>((resolve) => {
          resolver.current = resolve;
        });
        if (ask.scenario !== "CHAT" && info.allowance_num > 0) {
          setStep({ kind: "confirm", ask, left: info.allowance_num });
        } else {
          const chatsLeft = ask.scenario === "CHAT" ? info.queryTimes.exchange : undefined;
          setStep({ kind: "redeem", ask, balance: undefined, chatsLeft });
          loadBalance();
        }
        return answer;
      } catch (error) {
        showError(error);
        return false;
      }
    },
    [status, toast, openSignIn, loadBalance, showError],
  );

  const succeeded = (ask: UnlockAsk) => {
    toast.show(
      ask.scenario === "CHAT" ? messageKeyText.RedeemSuccessful : messageKeyText.Unlockedsuccessfully,
      "success",
    );
    void mutate(changedByUnlock);
    finish(true);
  };

  /** 8002: it was unlocked already (another tab, a retry): it may be used. */
  const alreadyUnlocked = (error: unknown) => isApiError(error) && error.code === ErrorCode.CannotRedeemTwice;

  const confirm = async (ask: UnlockAsk) => {
    setBusy(true);
    try {
      await confirmExchange(bodyOf(ask));
      succeeded(ask);
    } catch (error) {
      if (alreadyUnlocked(error)) {
        void mutate(changedByUnlock);
        finish(true);
        return;
      }
      setBusy(false);
      if (isApiError(error) && error.key === "noUnlocksLeft") {
        // the day's free unlock went elsewhere meanwhile: points, then
        setStep({ kind: "redeem", ask, balance: undefined, chatsLeft: undefined });
        loadBalance();
        return;
      }
      showError(error);
    }
  };

  const redeem = async (ask: UnlockAsk, balance: number | undefined) => {
    setBusy(true);
    try {
      await pointsExchange(bodyOf(ask));
      succeeded(ask);
    } catch (error) {
      if (alreadyUnlocked(error)) {
        void mutate(changedByUnlock);
        finish(true);
        return;
      }
      setBusy(false);
      if (isApiError(error) && error.code === ErrorCode.InsufficientPoints) {
        setStep({ kind: "noPoints", ask, balance });
        loadBalance();
        return;
      }
      showError(error);
      // 5004: no chat left to redeem today; nothing more to try here
      if (isApiError(error) && error.code === ErrorCode.NoRemainingChats) finish(false);
    }
  };

  const goBuy = (tab: PurchaseTab) => {
    if (options.openPurchase) {
      finish(false);
      options.openPurchase(tab);
      return;
    }
    // the page takes the dialog's history entry, so back returns to where the unlock was asked for
    navigate(tab === "points" ? "/pointsCenter/" : "/plans", { replace: true });
    finish(false);
  };

  const close = () => finish(false);
  const dialogs = (
    <>
      {step.kind === "confirm" ? (
        <ConfirmUnlockDialog
          open
          scenario={step.ask.scenario}
          left={step.left}
          busy={busy}
          onConfirm={() => void confirm(step.ask)}
          onClose={close}
        />
      ) : null}
      {step.kind === "redeem" ? (
        <RedeemPointsDialog
          open
          scenario={step.ask.scenario}
          price={unlockPrice(step.ask.scenario)}
          balance={step.balance}
          chatsLeft={step.chatsLeft}
          busy={busy}
          onRedeem={() => void redeem(step.ask, step.balance)}
          onClose={close}
        />
      ) : null}
      {step.kind === "noPoints" ? (
        <NoPointsDialog
          open
          price={unlockPrice(step.ask.scenario)}
          balance={step.balance}
          onRecharge={() => goBuy("points")}
          onPurchasePackage={() => goBuy("package")}
          onClose={close}
        />
      ) : null}
    </>
  );
  return { request, dialogs };
}
