import type { ReactNode } from "react";
import { Button, type ButtonProps } from "../../../shared/ui/Button.tsx";
import type { PurchaseTab } from "../purchase-state.ts";
import { useOpenPurchase } from "../use-open-purchase.ts";

export interface PurchaseButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  tab: PurchaseTab;
  children: ReactNode;
}

/**
 * An entry point to the purchase dialog (the sidebar, the points center, the plans page): a visitor is asked to
 * sign in first (loginFirst).
 */
export function PurchaseButton({ tab, children, ...rest }: PurchaseButtonProps) {
  const openPurchase = useOpenPurchase();
  return (
    <Button aria-haspopup="dialog" {...rest} onClick={() => openPurchase({ tab })}>
      {children}
    </Button>
  );
}
