import { createContext, useContext } from "react";

/**
 * "narrow": phones and the Telegram mini app (tabs, bottom sheets, drawer); "wide": desktop browsers above
 * 900 px (sidebar, header, centred dialogs). The app decides; shared components follow.
 */
export type LayoutMode = "narrow" | "wide";

export const LayoutModeContext = createContext<LayoutMode>("narrow");

export function useLayoutMode(): LayoutMode {
  return useContext(LayoutModeContext);
}
