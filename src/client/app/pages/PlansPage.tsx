import { Trans } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { useSearch } from "wouter";
import { PaymentResult, paymentResultStatus } from "../../features/pay/components/PaymentResult.tsx";
import { PlansOverview } from "../../features/pay/components/PlansOverview.tsx";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { PageLoading } from "./PageLoading.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

/**
 * /plans: what each plan and points product gives (visitors too), the user's membership card, and buying
 * (visitors sign in first). `?status=success|faild` (with `orderNo`) shows a payment's result on top (spec §4).
 */
export default function PlansPage(_props: PageProps) {
  const status = useAtomValue(loginStatusAtom);
  const query = new URLSearchParams(useSearch());
  const result = paymentResultStatus(query.get("status"));
  if (status === "unknown") return <PageLoading />;
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Plans</Trans>
      </h1>
      {result ? <PaymentResult status={result} orderNo={query.get("orderNo")} /> : null}
      <PlansOverview />
    </section>
  );
}
