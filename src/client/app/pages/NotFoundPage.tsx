import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import "./pages.css";

export function NotFoundPage() {
  return (
    <section className="page page--centered" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Page not found</Trans>
      </h1>
      <p className="page__lead">
        <Trans>There is no page at this address.</Trans>
      </p>
      <Link href="/" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
