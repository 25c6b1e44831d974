import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

/** The honest state of an area that is not built yet: no sample data, no pretend content. */
export default function UpcomingPage({ title }: PageProps) {
  const { i18n } = useLingui();
  return (
    <section className="page page--centered" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {i18n._(title)}
      </h1>
      <p className="page__lead">
        <Trans>This part of MountainLion is not available yet. It is being built, and nothing here is simulated.</Trans>
      </p>
      <Link href="/" className="button button--primary">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
