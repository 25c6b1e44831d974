import { useLingui } from "@lingui/react/macro";
import { StrokeIcon } from "../../../shared/ui/Icon.tsx";
import { useOpenPurchase } from "../use-open-purchase.ts";

const CROWN = "M4 18h16M4 18 3 7l5 4 4-6 4 6 5-4-1 11";

/** The sidebar's purchase entry (spec §6: it needs a sign-in; a visitor is asked to sign in first). */
export function SidebarPurchaseButton({ className }: { className: string }) {
  const { t } = useLingui();
  const openPurchase = useOpenPurchase();
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => openPurchase({ tab: "package" })}>
      <StrokeIcon d={CROWN} />
      <span>{t`Purchase`}</span>
    </button>
  );
}
