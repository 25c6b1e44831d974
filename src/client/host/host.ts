/**
 * The host port: what the app may ask of the place it runs in. Features never ask "am I in Telegram?";
 * they ask the host for a capability. TelegramHost implements it on the Telegram Mini Apps SDK,
 * BrowserHost on the web platform (or as a graceful no-op).
 */

export type HostKind = "telegram" | "browser";
export type ColorScheme = "dark" | "light";
export type Unsubscribe = () => void;

export type LoginMethod = "telegram" | "email" | "google" | "injectedWallet" | "walletConnect" | "tonConnect";

export type ImpactStyle = "light" | "medium" | "heavy" | "rigid" | "soft";
export type NotificationType = "success" | "error" | "warning";

export interface MainButtonState {
  text: string;
  visible: boolean;
  enabled: boolean;
  loading: boolean;
}

export interface HostTheme {
  /** the host's colour scheme; undefined when the host has none and the app's own setting applies */
  scheme(): ColorScheme | undefined;
  /** whether the app must follow the host's scheme (Telegram) rather than its own saved theme */
  readonly followsHost: boolean;
  subscribe(listener: (scheme: ColorScheme | undefined) => void): Unsubscribe;
  /** tells the host which colours the app paints its header, background and bottom bar with */
  setChromeColors(colors: { header: string; background: string; bottomBar: string }): void;
}

export interface HostViewport {
  /**
   * Keeps these CSS variables on :root up to date: --host-viewport-height, --host-viewport-stable-height,
   * --host-safe-top/right/bottom/left and --host-content-safe-top/right/bottom/left (px; 0 in a browser).
   */
  bindCssVars(): void;
  expand(): void;
  readonly fullscreenAvailable: boolean;
  isFullscreen(): boolean;
  requestFullscreen(): Promise<void>;
  exitFullscreen(): Promise<void>;
}

export interface HostBackButton {
  /** whether the host draws its own back button (Telegram); in a browser the browser's back serves */
  readonly native: boolean;
  show(): void;
  hide(): void;
  onClick(listener: () => void): Unsubscribe;
}

export interface HostMainButton {
  /** whether the host draws a main button; when false the feature renders its own button */
  readonly native: boolean;
  set(state: Partial<MainButtonState>): void;
  onClick(listener: () => void): Unsubscribe;
}

export interface HostHaptics {
  impact(style?: ImpactStyle): void;
  selection(): void;
  notification(type: NotificationType): void;
}

/**
 * Key-value storage. Reads are synchronous from a local cache so start-up never waits; writes go to the
 * cache at once and to the host's store (Telegram CloudStorage) in the background. `ready` resolves once
 * the host's values have been merged into the cache, and subscribers hear of keys that changed then.
 */
export interface HostStorage {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
  remove(key: string): void;
  subscribe(listener: (key: string, value: string | undefined) => void): Unsubscribe;
  readonly ready: Promise<void>;
}

export interface HostShare {
  /** shares a link with a text: Telegram's share sheet into a chat, or the Web Share API / clipboard */
  shareUrl(url: string, text?: string): Promise<"shared" | "copied" | "cancelled">;
  /** whether a chat can be picked inside the host to send to (Telegram) */
  readonly toChat: boolean;
  /** whether the host can send a message the bot prepared (Telegram's shareMessage, Mini Apps 8.0) */
  readonly preparedMessage: boolean;
  /**
   * Opens the host's chat picker with a message the bot prepared (savePreparedInlineMessage's id); "unavailable"
   * where `preparedMessage` is false (a browser, an older Telegram client).
   */
  sharePreparedMessage(id: string): Promise<"shared" | "cancelled" | "failed" | "unavailable">;
}

export interface HostLinks {
  open(url: string): void;
  /** opens a t.me link inside Telegram, or in a new tab in a browser */
  openTelegram(url: string): void;
}

export interface HostPayments {
  /** Telegram Stars invoices can be paid in place */
  readonly stars: boolean;
  openInvoice(url: string): Promise<"paid" | "cancelled" | "failed" | "pending">;
}

export interface Host {
  readonly kind: HostKind;
  /** e.g. "ios", "android", "tdesktop", "weba" in Telegram; "browser" otherwise */
  readonly platform: string;
  /** the raw Telegram init data for the server to verify; undefined in a browser */
  rawInitData(): string | undefined;
  /**
   * The start parameter this launch was opened with: Telegram's `startapp` (launch parameter tgWebAppStartParam),
   * in a browser the `startapp` query parameter, so a desktop link works the same. Undefined when there is none,
   * and on a reload of a launch whose parameter was already given out (Telegram keeps its launch parameters for
   * reloads; the app routes a link once).
   */
  readonly startParam: string | undefined;
  readonly loginMethods: readonly LoginMethod[];
  readonly theme: HostTheme;
  readonly viewport: HostViewport;
  readonly backButton: HostBackButton;
  readonly mainButton: HostMainButton;
  readonly haptics: HostHaptics;
  readonly storage: HostStorage;
  readonly share: HostShare;
  readonly links: HostLinks;
  readonly payments: HostPayments;
  /** asks before the app is closed, e.g. while an answer is streaming */
  setClosingConfirmation(enabled: boolean): void;
  /** vertical swipes close the mini app in Telegram; off while a scrollable sheet is open */
  setVerticalSwipes(enabled: boolean): void;
  readonly homeScreen: { readonly available: boolean; add(): void };
  /** tells the host the app has painted (Telegram hides its loader) */
  ready(): void;
}
