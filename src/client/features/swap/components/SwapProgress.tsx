import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import type { SwapOrder } from "../../../../contract/swap.ts";
import { messageForKey } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { TxLink } from "../../../shared/ui/TxLink.tsx";
import { amountText, OrderStatusBadge } from "../orders/components/OrderParts.tsx";
import { type StepState, stepStates, transferSteps, transferStepText } from "../orders/order-text.ts";
import type { SwapFlowStage } from "../wallet/swap-flow.ts";

/** Where the swap the user started stands. */
export type SwapRun =
  | { phase: "idle" }
  | { phase: "running"; stage: SwapFlowStage }
  | { phase: "done"; order: SwapOrder }
  | {
      phase: "failed";
      message: MessageDescriptor;
      order: SwapOrder | null;
      /** a transaction the wallet sent that the server could not record: on its way, not cancellable */
      sentHash?: string | null;
      cancelling?: boolean;
      cancelError?: MessageDescriptor | undefined;
    };

export interface SwapProgressProps {
  run: Exclude<SwapRun, { phase: "idle" }>;
  onCancelOrder: (order: SwapOrder) => void;
  onClose: () => void;
}

function orderOf(run: SwapProgressProps["run"]): SwapOrder | null {
  if (run.phase === "done") return run.order;
  if (run.phase === "failed") return run.order;
  return "order" in run.stage ? run.stage.order : null;
}

/**
 * Spec §4 transfer steps (approve, transfer, in progress, completed) of the swap under way, the wallet's current
 * request, the transaction links, and the outcome: what arrived, or why it failed (slippageExceeded: nothing was
 * swapped). A rejected order that was never sent can be cancelled.
 */
export function SwapProgress({ run, onCancelOrder, onClose }: SwapProgressProps) {
  const { t, i18n } = useLingui();
  const order = orderOf(run);
  const states: Record<(typeof transferSteps)[number], StepState> | null = order ? stepStates(order) : null;
  const stateText: Record<StepState, string> = {
    done: t`done`,
    current: t`in progress`,
    failed: t`failed`,
    todo: t`waiting`,
    skipped: t`not needed`,
  };
  let now: string | null = null;
  if (run.phase === "running") {
    switch (run.stage.stage) {
      case "switching":
        now = t`Confirm the network in your wallet…`;
        break;
      case "ordering":
        now = t`Opening the order…`;
        break;
      case "approving":
        now = t`Approve ${run.stage.order.fromToken.symbol} in your wallet…`;
        break;
      case "approvalPending":
        now = t`Waiting for the approval to be confirmed on chain…`;
        break;
      case "swapping":
        now = t`Confirm the swap in your wallet…`;
        break;
      case "tracking":
        now = t`Following the swap…`;
        break;
    }
  }
  const sentHash = run.phase === "failed" ? (run.sentHash ?? null) : null;
  const stillOpen =
    run.phase === "failed" && sentHash === null && run.order !== null && run.order.status === "awaiting_deposit";
  return (
    <section className="swap-progress" aria-label={t`Swap progress`} aria-live="polite">
      {order ? (
        <div className="swap-progress__head">
          <span>{`${amountText(order.fromAmount, order.fromToken.symbol)} → ${order.toToken.symbol}`}</span>
          <OrderStatusBadge status={order.status} />
        </div>
      ) : null}
      <ol className="swap-steps" aria-label={t`Transfer steps`}>
        {transferSteps.map((step) => {
          // no order yet (the network switch or the order itself failed): no step was reached, none failed
          const state = states?.[step] ?? "todo";
          return (
            <li key={step} className={`swap-steps__step swap-steps__step--${state}`} data-state={state}>
              <span className="swap-steps__name">{i18n._(transferStepText[step])}</span>
              <span className="swap-steps__state">{stateText[state]}</span>
            </li>
          );
        })}
      </ol>
      {now ? (
        <p className="swap-muted" role="status">
          {now}
        </p>
      ) : null}
      {order && (order.approveHash || order.transferOutHash || order.transferInHash) ? (
        <ul className="swap-progress__links">
          {order.approveHash ? (
            <li>
              {t`Approval`}: <TxLink label={t`Approval`} hash={order.approveHash} url={null} />
            </li>
          ) : null}
          {order.transferOutHash ? (
            <li>
              {t`Transfer out`}:{" "}
              <TxLink label={t`Transfer out`} hash={order.transferOutHash} url={order.transferOutUrl} />
            </li>
          ) : null}
          {order.transferInHash ? (
            <li>
              {t`Transfer in`}: <TxLink label={t`Transfer in`} hash={order.transferInHash} url={order.transferInUrl} />
            </li>
          ) : null}
        </ul>
      ) : null}
      {run.phase === "done" && run.order.status === "completed" ? (
        <p className="swap-success" role="status">
          {t`Swap completed. You received ${amountText(run.order.receivedAmount ?? run.order.toAmount, run.order.toToken.symbol)}.`}
        </p>
      ) : null}
      {run.phase === "done" && run.order.status !== "completed" ? (
        <p className="swap-error" role="alert">
          {run.order.statusReason
            ? i18n._(messageForKey(run.order.statusReason))
            : run.order.status === "refund_completed"
              ? t`The swap was refunded to your wallet.`
              : t`The swap did not complete.`}
        </p>
      ) : null}
      {run.phase === "failed" ? (
        <p className="swap-error" role="alert">
          {i18n._(run.message)}
        </p>
      ) : null}
      {sentHash ? (
        <p className="swap-muted">
          {t`Sent transaction`}: <TxLink label={t`Sent transaction`} hash={sentHash} url={null} />
        </p>
      ) : null}
      {run.phase === "failed" && run.cancelError ? (
        <p className="swap-error" role="alert">
          {i18n._(run.cancelError)}
        </p>
      ) : null}
      {run.phase !== "running" ? (
        <div className="swap-progress__actions">
          {stillOpen && run.phase === "failed" && run.order ? (
            <Button
              variant="secondary"
              disabled={run.cancelling === true}
              onClick={() => run.order && onCancelOrder(run.order)}
            >
              {run.cancelling ? t`Cancelling…` : t`Cancel order`}
            </Button>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            {run.phase === "done" ? t`New swap` : t`Back to the swap`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
