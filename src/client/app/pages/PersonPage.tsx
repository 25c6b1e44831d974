import { Trans } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { PersonalCenter } from "../../features/account/components/PersonalCenter.tsx";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { PageLoading } from "./PageLoading.tsx";
import type { PageProps } from "./page-props.ts";
import "./pages.css";

/**
 * /person/ (spec §2): the personal center; visitors are asked to sign in first (spec §6), once the sign-in at
 * start has told which they are.
 */
export default function PersonPage(_props: PageProps) {
  const status = useAtomValue(loginStatusAtom);
  if (status === "unknown") return <PageLoading />;
  const signedIn = status === "loggedIn";
  return (
    <section className={signedIn ? "page" : "page page--centered"} aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>Personal center</Trans>
      </h1>
      {signedIn ? (
        <PersonalCenter />
      ) : (
        <>
          <p className="page__lead">
            <Trans>Sign in to see your profile.</Trans>
          </p>
          <SignInButton />
        </>
      )}
    </section>
  );
}
