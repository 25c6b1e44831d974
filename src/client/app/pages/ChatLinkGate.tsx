import { Trans } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "wouter";
import { SignInButton } from "../../features/auth/components/SignInButton.tsx";
import { useMessageList } from "../../features/chat/api/get-message-list.ts";
import { loginStatusAtom } from "../../shared/session/session.ts";
import { LoadError } from "../../shared/ui/LoadError.tsx";
import { PageLoading } from "./PageLoading.tsx";
import "./pages.css";

/**
 * A chat opened by a start link (chat_<id>): it opens only when it is the user's own, with something in it. A chat
 * of someone else's (the server refuses it) or one that is not stored says so plainly, instead of an empty chat
 * that would start a new conversation under that id. Signing in afterwards asks again, as the new account.
 */
export function ChatLinkGate({ msggroup, children }: { msggroup: string; children: ReactNode }) {
  const status = useAtomValue(loginStatusAtom);
  const list = useMessageList(msggroup, true);
  const askedAs = useRef(status);
  const { mutate } = list;
  useEffect(() => {
    if (askedAs.current === status) return;
    askedAs.current = status;
    void mutate();
  }, [status, mutate]);

  if (list.data && list.data.list.length > 0) return <>{children}</>;
  const refused = list.error?.key === "invalidValue";
  if (list.error && !refused) {
    return (
      <section className="page page--centered">
        <LoadError onRetry={() => void mutate()}>
          <Trans>This chat could not be loaded.</Trans>
        </LoadError>
      </section>
    );
  }
  if (!list.data && !refused) return <PageLoading />;
  return (
    <section className="page page--centered" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        <Trans>This chat is not in your account</Trans>
      </h1>
      <p className="page__lead">
        {status === "loggedIn" ? (
          <Trans>
            It was deleted, or it belongs to another account. A chat opens only for the account that had it.
          </Trans>
        ) : (
          <Trans>A chat opens only for the account that had it. Sign in with that account to see it.</Trans>
        )}
      </p>
      {status === "loggedIn" ? null : <SignInButton />}
      <Link href="/" className="button button--ghost">
        <Trans>Back to home</Trans>
      </Link>
    </section>
  );
}
