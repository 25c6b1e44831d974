import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useAtom, useSetAtom } from "jotai";
import { type KeyboardEvent, useId, useRef } from "react";
import type { ProductsData, PurchaseData } from "../../../../contract/pay.ts";
import { messageKeyText } from "../../../shared/i18n/message-key-text.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useToast } from "../../../shared/ui/Toast.tsx";
import { usePayAccount } from "../api/get-pay-account.ts";
import { useProducts } from "../api/get-products.ts";
import { orderHistoryOpenAtom, type PurchaseTab, purchaseRequestAtom, topUpRequestAtom } from "../purchase-state.ts";
import { usdtAmount } from "../usdt.ts";
import { type ChosenProduct, ConfirmPurchaseDialog } from "./ConfirmPurchaseDialog.tsx";
import { PackageCard, PointsCard } from "./ProductCards.tsx";
import { StarsPayButton } from "./StarsPayButton.tsx";
import "./pay.css";
import "../../../shared/ui/tabs.css";

const TABS: readonly PurchaseTab[] = ["package", "points"];

function chosenProduct(products: ProductsData | undefined, tab: PurchaseTab, productId: number | undefined) {
  if (!products || productId === undefined) return undefined;
  if (tab === "package") {
    const product = products.packages.find((item) => item.productId === productId);
    return product ? ({ kind: "package", product } satisfies ChosenProduct) : undefined;
  }
  const product = products.pointsProducts.find((item) => item.productId === productId);
  return product ? ({ kind: "points", product } satisfies ChosenProduct) : undefined;
}

/**
 * The purchase dialog (spec §2): tabs Purchase Package and Recharge Points, the USDT balance, the order history
 * link; choosing a product opens the confirm dialog. 860 px wide above 900 px, else 350 px (pay.css).
 */
export function PurchaseDialog() {
  const { t, i18n } = useLingui();
  const [request, setRequest] = useAtom(purchaseRequestAtom);
  const setTopUp = useSetAtom(topUpRequestAtom);
  const openHistory = useSetAtom(orderHistoryOpenAtom);
  const toast = useToast();
  const products = useProducts();
  const account = usePayAccount();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<PurchaseTab, HTMLButtonElement | null>>>({});
  const tab = request?.tab ?? "package";
  const chosen = chosenProduct(products.data, tab, request?.productId);
  const close = () => setRequest(null);

  const selectTab = (next: PurchaseTab) => {
    setRequest({ tab: next });
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next = TABS[(index + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
    if (next) selectTab(next);
  };
  const onPaid = (data: PurchaseData) => {
    toast.show(
      data.order.productType === "POINTS"
        ? messageKeyText.RechargeSuccessful
        : msg`Payment successful. Your membership is active.`,
      "success",
    );
    close();
  };
  const tabLabel = (value: PurchaseTab) => (value === "package" ? t`Purchase Package` : t`Recharge Points`);

  return (
    <>
      <Dialog open={request !== null} onClose={close} title={t`Plans and points`} className="purchase-dialog">
        <div className="purchase-dialog__bar">
          <p className="purchase-dialog__balance">
            {t`USDT balance`}:{" "}
            {account.data ? i18n._(usdtAmount(account.data.balance)) : account.error ? "--" : t`Loading…`}
          </p>
          <Button variant="ghost" aria-haspopup="dialog" onClick={() => openHistory(true)}>
            {t`Order history`}
          </Button>
        </div>
        <div role="tablist" aria-label={t`What to buy`} className="tab-list pay-tabs" onKeyDown={onTabKey}>
          {TABS.map((value) => (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[value] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${value}-tab`}
              aria-selected={tab === value}
              aria-controls={`${baseId}-${value}-panel`}
              tabIndex={tab === value ? 0 : -1}
              className="tab-list__tab pay-tabs__tab"
              onClick={() => selectTab(value)}
            >
              {tabLabel(value)}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-${tab}-panel`}
          aria-labelledby={`${baseId}-${tab}-tab`}
          className="purchase-dialog__panel"
        >
          {products.data ? (
            <div className="product-grid">
              {tab === "package"
                ? products.data.packages.map((item) => (
                    <PackageCard
                      key={item.productId}
                      item={item}
                      onBuy={() => setRequest({ tab, productId: item.productId })}
                    />
                  ))
                : products.data.pointsProducts.map((item) => (
                    <PointsCard
                      key={item.productId}
                      item={item}
                      onBuy={() => setRequest({ tab, productId: item.productId })}
                    />
                  ))}
            </div>
          ) : products.error ? (
            <LoadError onRetry={() => void products.mutate()}>{t`The plans could not be loaded.`}</LoadError>
          ) : (
            <p aria-busy="true">{t`Loading…`}</p>
          )}
        </div>
      </Dialog>
      {request !== null && chosen ? (
        <ConfirmPurchaseDialog
          key={`${chosen.kind}-${chosen.product.productId}`}
          chosen={chosen}
          balance={account.data?.balance}
          onClose={() => setRequest({ tab })}
          onPaid={onPaid}
          onTopUp={(item) => {
            setRequest({ tab });
            setTopUp({ productType: item.productType, productId: item.productId });
          }}
          extraActions={
            <StarsPayButton chosen={chosen} serverAvailable={products.data?.stars.available ?? false} onSent={close} />
          }
        />
      ) : null}
    </>
  );
}
