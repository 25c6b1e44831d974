import { lazy, Suspense } from "react";
import { SignInDialogHost } from "../features/auth/components/SignInDialogHost.tsx";
import { PayHostSlot } from "../features/pay/components/PayHostSlot.tsx";
import { LayoutModeContext } from "../shared/ui/layout-mode.ts";
import { AppRoutes } from "./navigation/AppRoutes.tsx";
import { BackButtonController } from "./shell/BackButtonController.tsx";
import { useLoginStatus } from "./shell/login-status.ts";
import { NarrowLayout } from "./shell/NarrowLayout.tsx";
import { useApplyTheme } from "./shell/theme.ts";
import { useLayoutModeValue } from "./shell/use-layout-mode-value.ts";
import { useSocialLoginNotice } from "./shell/use-social-login-notice.ts";
import { WideLayout } from "./shell/WideLayout.tsx";
import { useApiEventToasts } from "./use-api-event-toasts.ts";
import "./styles/layout.css";

// the live channel pulls in the market and news clients: it joins after the first paint, outside the first load
const LiveUpdates = lazy(() => import("./shell/LiveUpdates.tsx"));

/**
 * The shell: theme, layout (narrow in Telegram and on phones, wide on desktops), back button, routes. It renders
 * at once: the sign-in at start (a stored token's check, Telegram's silent sign-in) runs alongside, and what
 * depends on the account waits for it where it shows (the header's account corner, the user's pages).
 */
export function App() {
  useApiEventToasts();
  useApplyTheme();
  useSocialLoginNotice();
  const mode = useLayoutModeValue();
  useLoginStatus();
  const Layout = mode === "wide" ? WideLayout : NarrowLayout;
  return (
    <LayoutModeContext.Provider value={mode}>
      <BackButtonController />
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <Layout>
        <AppRoutes />
      </Layout>
      <SignInDialogHost />
      <PayHostSlot />
    </LayoutModeContext.Provider>
  );
}
