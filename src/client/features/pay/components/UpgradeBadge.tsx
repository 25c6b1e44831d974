import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { Dialog } from "../../../shared/ui/Dialog.tsx";
import { useMembershipInfo } from "../api/get-user-info.ts";
import { membershipView } from "../membership.ts";
import { useOpenPurchase } from "../use-open-purchase.ts";
import { MembershipCard } from "./MembershipCard.tsx";
import "./pay.css";

/**
 * The header's upgrade badge (spec §2): "Upgrade" for a standard account or a visitor, "VIP" or "Trial" for a
 * member, with a warning mark when the card ends soon. It opens the membership card.
 */
export default function UpgradeBadge() {
  const { t } = useLingui();
  const status = useAtomValue(loginStatusAtom);
  const info = useMembershipInfo();
  const openPurchase = useOpenPurchase();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  if (status === "unknown") return null;
  const data = status === "loggedIn" ? info.data : undefined;
  const view = membershipView(data);
  const label = view === "vip" ? t`VIP` : view === "trial" ? t`Trial` : t`Upgrade`;
  const alert = data?.timeAlert === true;
  return (
    <>
      <button
        type="button"
        className={`upgrade-badge upgrade-badge--${view}`}
        aria-haspopup="dialog"
        aria-label={alert ? t`${label}: membership ends soon` : label}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">{view === "standard" ? "★" : "♛"}</span> {label}
        {alert ? <span className="upgrade-badge__alert" aria-hidden="true" /> : null}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t`Membership`} className="membership-dialog">
        <MembershipCard
          info={data}
          onUpgrade={() => {
            setOpen(false);
            openPurchase({ tab: "package" });
          }}
        />
        <Link
          href="/plans"
          className="membership-dialog__plans"
          onClick={(event) => {
            // the page takes the dialog's history entry, so back returns to where the card was opened
            event.preventDefault();
            navigate("/plans", { replace: true });
            setOpen(false);
          }}
        >
          {t`See all plans`}
        </Link>
      </Dialog>
    </>
  );
}
