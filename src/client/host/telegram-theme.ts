import { isColorDark, miniApp, themeParams, toRGB } from "@telegram-apps/sdk-react";
import type { ColorScheme, HostTheme } from "./host.ts";
import { createListenerSet } from "./listener-set.ts";
import { applyThemeTokens, clearThemeTokens } from "./theme-tokens.ts";

export interface TelegramTheme extends HostTheme {
  dispose(): void;
}

/**
 * Telegram's theme: its parameters bound as --tg-theme-* variables by the SDK and painted onto the app's
 * tokens; the scheme follows Telegram's background. Expects init() to have run.
 */
export function createTelegramTheme(root: HTMLElement): TelegramTheme {
  const cleanups: Array<() => void> = [];
  themeParams.mountSync.ifAvailable();
  miniApp.mountSync.ifAvailable();
  if (themeParams.bindCssVars.isAvailable() && !themeParams.isCssVarsBound()) {
    cleanups.push(themeParams.bindCssVars());
  }
  if (miniApp.bindCssVars.isAvailable() && !miniApp.isCssVarsBound()) cleanups.push(miniApp.bindCssVars());

  // From the state itself: while the state's subscribers run, the SDK's derived isDark() may not be updated yet.
  const scheme = (): ColorScheme => {
    const background = themeParams.state().bg_color;
    return !background || isColorDark(background) ? "dark" : "light";
  };
  const listeners = createListenerSet<[scheme: ColorScheme | undefined]>();
  const onThemeChanged = () => {
    applyThemeTokens(root, themeParams.state());
    listeners.emit(scheme());
  };
  applyThemeTokens(root, themeParams.state());
  cleanups.push(themeParams.state.sub(onThemeChanged), () => clearThemeTokens(root));

  return {
    scheme,
    followsHost: true,
    subscribe: (listener) => listeners.add(listener),
    setChromeColors({ header, background, bottomBar }) {
      const headerRgb = rgb(header);
      if (miniApp.setHeaderColor.isAvailable()) {
        // Clients before 6.9 take only a theme key for the header.
        attempt("header", () =>
          miniApp.setHeaderColor(headerRgb && miniApp.setHeaderColor.supports.rgb() ? headerRgb : "bg_color"),
        );
      }
      const backgroundRgb = rgb(background);
      if (backgroundRgb) attempt("background", () => miniApp.setBackgroundColor.ifAvailable(backgroundRgb));
      const bottomBarRgb = rgb(bottomBar);
      if (bottomBarRgb) attempt("bottom bar", () => miniApp.setBottomBarColor.ifAvailable(bottomBarRgb));
    },
    dispose() {
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
}

/** #rrggbb for any colour the SDK understands (#rgb, rgb(), rgba()); undefined otherwise */
function rgb(color: string): `#${string}` | undefined {
  try {
    return toRGB(color);
  } catch {
    return undefined;
  }
}

function attempt(what: string, call: () => unknown): void {
  try {
    call();
  } catch (error) {
    console.error(`Telegram did not take the ${what} colour`, error);
  }
}
