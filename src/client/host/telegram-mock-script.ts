/**
 * A stand-in for the Telegram client, for unit tests, development and Playwright. This file imports nothing, so
 * Playwright (in Node) can import it; `telegramMockRuntime` refers to nothing outside itself because
 * `telegramMockInitScript` ships its source text to the page.
 */

export type TelegramMockInsets = { top: number; bottom: number; left: number; right: number };
export type TelegramMockThemeParams = Record<string, string>;

export interface TelegramMockUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export interface TelegramMockOptions {
  /** tgWebAppPlatform; default "ios" */
  platform?: string;
  /** tgWebAppVersion (the Mini Apps version); default "8.0" */
  version?: string;
  /** snake_case keys as Telegram sends them; default TELEGRAM_DARK_THEME */
  themeParams?: TelegramMockThemeParams;
  /** raw init data, e.g. signed for a test bot with @telegram-apps/init-data-node; default an unsigned look-alike */
  initData?: string;
  /** the user of the default init data */
  user?: TelegramMockUser;
  startParam?: string;
  /** what CloudStorage holds at start */
  cloudStorage?: Record<string, string>;
  /** the status every opened invoice closes with; default "paid" */
  invoiceStatus?: "paid" | "cancelled" | "failed" | "pending";
  viewport?: { width: number; height: number };
  safeAreaInsets?: TelegramMockInsets;
  contentSafeAreaInsets?: TelegramMockInsets;
}

export interface TelegramMockScriptOptions extends TelegramMockOptions {
  /** where the launch parameters go: the URL hash as Telegram does (default), or the SDK's sessionStorage copy */
  launchVia?: "hash" | "sessionStorage";
}

export interface ResolvedTelegramMockOptions {
  launchParams: string;
  themeParams: TelegramMockThemeParams;
  cloudStorage: Record<string, string>;
  invoiceStatus: string;
  viewport: { width: number; height: number };
  safeAreaInsets: TelegramMockInsets;
  contentSafeAreaInsets: TelegramMockInsets;
  /** true: the runtime installs window.TelegramWebviewProxy and the launch parameters itself (Playwright) */
  install: boolean;
  launchVia: "hash" | "sessionStorage";
}

export interface TelegramMockCall {
  method: string;
  params: unknown;
}

/** what the mock offers a test; in the page it is window.__telegramMock */
export interface TelegramMockHandle {
  /** every Mini Apps method the app called, in order (web_app_ready, web_app_setup_back_button, ...) */
  readonly calls: TelegramMockCall[];
  /** the params of every call of one method */
  callsOf(method: string): unknown[];
  /** CloudStorage's contents, live */
  readonly cloud: Record<string, string>;
  readonly launchParams: string;
  /** sends an event as Telegram does: emit("back_button_pressed"), emit("main_button_pressed") */
  emit(eventType: string, eventData?: unknown): void;
  /** changes the theme and sends theme_changed */
  setTheme(themeParams: TelegramMockThemeParams): void;
  /** records a method call and answers it as Telegram would */
  handle(method: string, params: unknown): void;
  /** drops the answers not sent yet and answers nothing more */
  stop(): void;
}

export const TELEGRAM_DARK_THEME: TelegramMockThemeParams = {
  accent_text_color: "#6ab2f2",
  bg_color: "#17212b",
  bottom_bar_bg_color: "#111921",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  destructive_text_color: "#ec3942",
  header_bg_color: "#17212b",
  hint_color: "#708499",
  link_color: "#6ab3f3",
  secondary_bg_color: "#232e3c",
  section_bg_color: "#17212b",
  section_header_text_color: "#6ab3f3",
  section_separator_color: "#111921",
  subtitle_text_color: "#708499",
  text_color: "#f5f5f5",
};

export const TELEGRAM_LIGHT_THEME: TelegramMockThemeParams = {
  accent_text_color: "#168acd",
  bg_color: "#ffffff",
  bottom_bar_bg_color: "#ffffff",
  button_color: "#40a7e3",
  button_text_color: "#ffffff",
  destructive_text_color: "#d14e4e",
  header_bg_color: "#ffffff",
  hint_color: "#999999",
  link_color: "#168acd",
  secondary_bg_color: "#f1f1f1",
  section_bg_color: "#ffffff",
  section_header_text_color: "#168acd",
  section_separator_color: "#e7e7e7",
  subtitle_text_color: "#999999",
  text_color: "#000000",
};

const DEFAULT_USER: TelegramMockUser = {
  id: 100000001,
  first_name: "Test",
  last_name: "User",
  username: "test_user",
  language_code: "en",
};

/** init data shaped like Telegram's (query_id, user, auth_date, signature, hash) but signed by nobody */
export function mockInitData(user: TelegramMockUser = DEFAULT_USER, authDate = Math.floor(Date.now() / 1000)): string {
  return new URLSearchParams({
    query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
    user: JSON.stringify(user),
    auth_date: String(authDate),
    signature: "bW9jay1zaWduYXR1cmUtbm90LXZhbGlkLWZvci1hbnktYm90",
    hash: "c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2",
  }).toString();
}

export function resolveTelegramMockOptions(options: TelegramMockScriptOptions = {}): ResolvedTelegramMockOptions {
  const themeParams = options.themeParams ?? TELEGRAM_DARK_THEME;
  const launch = new URLSearchParams({
    tgWebAppData: options.initData ?? mockInitData(options.user),
    tgWebAppPlatform: options.platform ?? "ios",
    tgWebAppThemeParams: JSON.stringify(themeParams),
    tgWebAppVersion: options.version ?? "8.0",
  });
  if (options.startParam !== undefined) launch.set("tgWebAppStartParam", options.startParam);
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  return {
    launchParams: launch.toString(),
    themeParams,
    cloudStorage: { ...options.cloudStorage },
    invoiceStatus: options.invoiceStatus ?? "paid",
    viewport: options.viewport ?? { width: 390, height: 844 },
    safeAreaInsets: options.safeAreaInsets ?? noInsets,
    contentSafeAreaInsets: options.contentSafeAreaInsets ?? noInsets,
    install: true,
    launchVia: options.launchVia ?? "hash",
  };
}

/**
 * The mock itself. Answers the requests the SDK waits on (theme, viewport, safe areas, full screen, invoices,
 * CloudStorage's custom methods) a tick later, as the client does, and sends events the way Telegram's web
 * clients do: a `message` event from window.parent carrying {eventType, eventData} as JSON.
 */
export function telegramMockRuntime(o: ResolvedTelegramMockOptions): TelegramMockHandle {
  const calls: TelegramMockCall[] = [];
  const cloud: Record<string, string> = { ...o.cloudStorage };
  let theme: TelegramMockThemeParams = { ...o.themeParams };
  const field = (value: unknown, name: string): unknown =>
    typeof value === "object" && value !== null ? Reflect.get(value, name) : undefined;
  const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
  const emit = (eventType: string, eventData?: unknown): void => {
    const data = JSON.stringify(eventData === undefined ? { eventType } : { eventType, eventData });
    window.dispatchEvent(new MessageEvent("message", { data, source: window.parent }));
  };
  const pending = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  const later = (eventType: string, eventData?: unknown): void => {
    if (stopped) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      emit(eventType, eventData);
    }, 0);
    pending.add(timer);
  };
  const invoke = (params: unknown): unknown => {
    const reqId = field(params, "req_id");
    const args = field(params, "params");
    const method = field(params, "method");
    if (method === "getStorageKeys") return { req_id: reqId, result: Object.keys(cloud) };
    if (method === "getStorageValues") {
      const result: Record<string, string> = {};
      for (const key of strings(field(args, "keys"))) result[key] = cloud[key] ?? "";
      return { req_id: reqId, result };
    }
    if (method === "saveStorageValue") {
      cloud[String(field(args, "key"))] = String(field(args, "value"));
      return { req_id: reqId, result: true };
    }
    if (method === "deleteStorageValues") {
      for (const key of strings(field(args, "keys"))) delete cloud[key];
      return { req_id: reqId, result: true };
    }
    return { req_id: reqId, error: `UNSUPPORTED_METHOD: ${String(method)}` };
  };
  const respond = (method: string, params: unknown): void => {
    if (method === "web_app_request_theme") later("theme_changed", { theme_params: theme });
    else if (method === "web_app_request_viewport") {
      later("viewport_changed", { ...o.viewport, is_expanded: true, is_state_stable: true });
    } else if (method === "web_app_request_safe_area") later("safe_area_changed", o.safeAreaInsets);
    else if (method === "web_app_request_content_safe_area")
      later("content_safe_area_changed", o.contentSafeAreaInsets);
    else if (method === "web_app_request_fullscreen") later("fullscreen_changed", { is_fullscreen: true });
    else if (method === "web_app_exit_fullscreen") later("fullscreen_changed", { is_fullscreen: false });
    else if (method === "web_app_open_invoice") {
      later("invoice_closed", { slug: field(params, "slug"), status: o.invoiceStatus });
    } else if (method === "web_app_check_home_screen") later("home_screen_checked", { status: "unknown" });
    else if (method === "web_app_invoke_custom_method") later("custom_method_invoked", invoke(params));
  };
  const handle: TelegramMockHandle = {
    calls,
    cloud,
    launchParams: o.launchParams,
    callsOf: (method) => calls.filter((call) => call.method === method).map((call) => call.params),
    emit,
    setTheme(themeParams) {
      theme = { ...themeParams };
      emit("theme_changed", { theme_params: theme });
    },
    handle(method, params) {
      calls.push({ method, params });
      respond(method, params);
    },
    stop() {
      stopped = true;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
  if (o.install) {
    if (o.launchVia === "hash") {
      if (!/tgWebApp/.test(window.location.hash)) {
        const { pathname, search } = window.location;
        window.history.replaceState(window.history.state, "", `${pathname}${search}#${o.launchParams}`);
      }
    } else {
      window.sessionStorage.setItem("tapps/launchParams", JSON.stringify(o.launchParams));
    }
    Reflect.set(window, "TelegramWebviewProxy", {
      postEvent(method: string, json?: string) {
        handle.handle(method, json ? JSON.parse(json) : undefined);
      },
    });
  }
  Reflect.set(window, "__telegramMock", handle);
  return handle;
}

/**
 * The mock as a script for Playwright's page.addInitScript({ content }): it runs before the app in the top
 * frame, puts the launch parameters in the URL hash (or sessionStorage), installs
 * window.TelegramWebviewProxy.postEvent and exposes window.__telegramMock (TelegramMockHandle).
 */
export function telegramMockInitScript(options: TelegramMockScriptOptions = {}): string {
  const resolved = resolveTelegramMockOptions(options);
  // __name: some TypeScript loaders (esbuild's keepNames) wrap inner functions in a helper the page lacks.
  const runtime = telegramMockRuntime.toString();
  return `if (window === window.top) { const __name = (target) => target; (${runtime})(${JSON.stringify(resolved)}); }`;
}
