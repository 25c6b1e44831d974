import { Trans, useLingui } from "@lingui/react/macro";
import { useAtomValue, useSetAtom } from "jotai";
import { Quotas } from "../../../../contract/constants.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { LoadError } from "../../../shared/ui/LoadError.tsx";
import { useProducts } from "../api/get-products.ts";
import { useMembershipInfo } from "../api/get-user-info.ts";
import { orderHistoryOpenAtom } from "../purchase-state.ts";
import { useOpenPurchase } from "../use-open-purchase.ts";
import { MembershipCard } from "./MembershipCard.tsx";
import { PackageCard, PointsCard } from "./ProductCards.tsx";
import "./pay.css";

/**
 * What each plan and points product gives, for visitors too (spec §2 plans, §6): the user's own membership card,
 * the packages, the points products and the free allowance. Buying asks a visitor to sign in first.
 */
export function PlansOverview() {
  const { t } = useLingui();
  const status = useAtomValue(loginStatusAtom);
  const info = useMembershipInfo();
  const products = useProducts();
  const openPurchase = useOpenPurchase();
  const openHistory = useSetAtom(orderHistoryOpenAtom);
  const signedIn = status === "loggedIn";
  const userChats = Quotas.userDailyChats;
  const plusChats = Quotas.plusExtraDailyChats;
  const visitorChats = Quotas.visitorDailyChats;
  const vipDays = Quotas.newUserVipDays;

  return (
    <div className="plans">
      <section className="product-card" aria-labelledby="plans-membership-title">
        <h2 id="plans-membership-title" className="product-card__title">
          {t`Your membership`}
        </h2>
        {signedIn && info.error ? (
          <LoadError onRetry={() => void info.mutate()}>{t`Your membership could not be loaded.`}</LoadError>
        ) : signedIn && !info.data ? (
          <p aria-busy="true">{t`Loading…`}</p>
        ) : (
          <MembershipCard info={signedIn ? info.data : undefined} onUpgrade={() => openPurchase({ tab: "package" })} />
        )}
        {signedIn ? (
          <div>
            <Button variant="ghost" aria-haspopup="dialog" onClick={() => openHistory(true)}>
              {t`Order history`}
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="plans-packages-title">
        <h2 id="plans-packages-title">{t`Membership packages`}</h2>
        <p className="pay-note">
          <Trans>
            Free: visitors {visitorChats} chat a day; signed in {userChats} a day, {plusChats} more with the PLUS
            edition. New accounts get {vipDays} days of VIP.
          </Trans>
        </p>
        {products.data ? (
          <div className="product-grid">
            {products.data.packages.map((item) => (
              <PackageCard
                key={item.productId}
                item={item}
                onBuy={() => openPurchase({ tab: "package", productId: item.productId })}
              />
            ))}
          </div>
        ) : products.error ? (
          <LoadError onRetry={() => void products.mutate()}>{t`The plans could not be loaded.`}</LoadError>
        ) : (
          <p aria-busy="true">{t`Loading…`}</p>
        )}
      </section>

      <section aria-labelledby="plans-points-title">
        <h2 id="plans-points-title">{t`Points`}</h2>
        <p className="pay-note">{t`Points unlock advanced features such as strategy diagrams and 24-hour reports.`}</p>
        {products.data ? (
          <div className="product-grid">
            {products.data.pointsProducts.map((item) => (
              <PointsCard
                key={item.productId}
                item={item}
                onBuy={() => openPurchase({ tab: "points", productId: item.productId })}
              />
            ))}
          </div>
        ) : null}
      </section>
    </div>
  );
}
