import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Host } from "../../../host/host.ts";
import { loginStatusAtom } from "../../../shared/session/session.ts";
import { userIdAtom } from "../../../shared/settings/settings.ts";
import { renderWithProviders } from "../../../shared/testing/render-with-providers.tsx";
import { AiWalletView, type AiWalletViewProps } from "../components/AiWalletView.tsx";
import { testSlots } from "./test-slots.tsx";

/**
 * The AI wallet of user 7, signed in (the fixtures' server answers for it), with the test slots and nothing read
 * again behind the test's back; `beside` is rendered next to it (a hook the app shell mounts).
 */
export function renderSignedInWallet(
  props: Partial<AiWalletViewProps> = {},
  options: { host?: Host; beside?: ReactNode } = {},
) {
  const result = renderWithProviders(
    <>
      <AiWalletView slots={testSlots} pollMs={0} orderPollMs={0} onEmailSignIn={() => undefined} {...props} />
      {options.beside}
    </>,
    options.host,
  );
  act(() => {
    result.store.set(userIdAtom, "7");
    result.store.set(loginStatusAtom, "loggedIn");
  });
  return result;
}
