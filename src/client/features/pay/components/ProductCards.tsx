import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { PackageProductData, PointsProductData } from "../../../../contract/pay.ts";
import { formatPoints } from "../../../shared/format/points.ts";
import { formatPrice } from "../../../shared/format/price.ts";
import { Button } from "../../../shared/ui/Button.tsx";
import { packageTitle } from "../plan-catalogue.ts";
import { usdtAmount } from "../usdt.ts";
import "./pay.css";

/**
 * A package as sold (spec §3 package product, §6 plans): its length, price in USDT, the price per day in CNY when
 * known, and what it gives. Trials and VIP plans both give unlimited chats and advanced analysis (§6).
 */
export function PackageCard({ item, onBuy }: { item: PackageProductData; onBuy: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const name = i18n._(packageTitle(item.name));
  const days = item.days;
  const daily = item.dailyCost === null ? null : formatPrice(Number(item.dailyCost));
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="product-card__title">
        {name}
      </h3>
      <p className="product-card__price">{i18n._(usdtAmount(item.price))}</p>
      {daily !== null ? (
        <p className="product-card__note">
          <Trans>about ¥{daily} a day</Trans>
        </p>
      ) : null}
      <ul className="product-card__benefits">
        <li>
          <Plural value={days} one="# day of membership" other="# days of membership" />
        </li>
        <li>{t`Unlimited daily chats`}</li>
        <li>{t`Unlimited advanced analysis`}</li>
        {item.oncePerAccount ? <li>{t`Once per account`}</li> : null}
      </ul>
      <Button variant="primary" aria-label={t`Buy ${name}`} onClick={onBuy}>
        {t`Buy`}
      </Button>
    </article>
  );
}

/** A points product (spec §3 points product): the points, the extra points, the price in USDT. */
export function PointsCard({ item, onBuy }: { item: PointsProductData; onBuy: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const total = formatPoints(item.points + item.extraPoints);
  const base = formatPoints(item.points);
  const extra = formatPoints(item.extraPoints);
  return (
    <article className="product-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="product-card__title">
        <Trans>{total} points</Trans>
      </h3>
      <p className="product-card__price">{i18n._(usdtAmount(item.price))}</p>
      {item.extraPoints > 0 ? (
        <p className="product-card__note">
          <Trans>
            {base} points + {extra} extra
          </Trans>
        </p>
      ) : null}
      <Button variant="primary" aria-label={t`Buy ${total} points`} onClick={onBuy}>
        {t`Buy`}
      </Button>
    </article>
  );
}
