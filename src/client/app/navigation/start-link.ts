import { launchQuery } from "../../host/detect-host.ts";
import type { Host } from "../../host/host.ts";
import type { JotaiStore } from "../../shared/session/session.ts";
import { INVITATION_CODE_PATTERN, invitationCodeAtom } from "../../shared/settings/settings.ts";

/**
 * Deep links into the app: the start parameter of a t.me link (`startapp=`), or a browser's `?startapp=`.
 * Telegram allows 1-64 characters of A-Z, a-z, 0-9, _ and -; the patterns below take what the contract takes for
 * each part (a coin symbol, a chat id, a share code), written out here so the first load carries no schema library.
 */
export type StartLink =
  | { kind: "coin"; symbol: string }
  | { kind: "predict"; symbol: string }
  | { kind: "chat"; id: string }
  | { kind: "share"; code: string }
  | { kind: "ref"; code: string };

const START_PARAM_MAX = 64;
const COIN_SYMBOL = /^[A-Za-z0-9]{1,20}$/;
/** a chat (msggroup): a 13-digit timestamp, then the owner's id */
const CHAT_ID = /^\d{13}[A-Za-z0-9_-]{0,64}$/;
const SHARE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** `coin_<SYM>`, `predict_<SYM>`, `chat_<id>`, `share_<code>`, `ref_<invitationCode>`; anything else is undefined. */
export function parseStartParam(raw: string | undefined): StartLink | undefined {
  if (!raw || raw.length > START_PARAM_MAX) return undefined;
  const separator = raw.indexOf("_");
  if (separator <= 0) return undefined;
  const kind = raw.slice(0, separator);
  const value = raw.slice(separator + 1);
  if (kind === "coin" && COIN_SYMBOL.test(value)) return { kind, symbol: value.toUpperCase() };
  if (kind === "predict" && COIN_SYMBOL.test(value)) return { kind, symbol: value.toUpperCase() };
  if (kind === "chat" && CHAT_ID.test(value)) return { kind, id: value };
  if (kind === "share" && SHARE_CODE.test(value)) return { kind, code: value };
  if (kind === "ref" && INVITATION_CODE_PATTERN.test(value)) return { kind, code: value };
  return undefined;
}

/** The page a link opens: the token's, the user's chat, the shared chat; home for a referral or a bad link. */
export function startLinkPath(link: StartLink | undefined): string {
  switch (link?.kind) {
    case "coin":
      return `/tokensData/${encodeURIComponent(link.symbol)}`;
    case "predict":
      return `/predict/${encodeURIComponent(link.symbol)}`;
    case "chat":
      return `/chat/${encodeURIComponent(link.id)}`;
    case "share":
      return `/chatDetail/${encodeURIComponent(link.code)}`;
    default:
      return "/";
  }
}

/**
 * Whether the address carries a start parameter (a browser's `?startapp=`, Telegram's tgWebAppStartParam in the
 * launch parameters), before the host is ready to say whether it is still to be followed.
 */
export function hasStartParam(win: Window = window): boolean {
  const params = new URLSearchParams(launchQuery(win.location.href));
  return params.has("startapp") || params.has("tgWebAppStartParam");
}

/** Marks the history entry a start link opened, so its page can send an unknown target home instead of failing. */
const START_LINK_STATE = "startLink";

export function openedByStartLink(state: unknown = window.history.state): boolean {
  return typeof state === "object" && state !== null && Reflect.get(state, START_LINK_STATE) === true;
}

/**
 * Runs once at launch, before the first render: a start parameter replaces the current page with the one it
 * names (keeping `?lang=`); a referral's invitation code becomes the saved setting the sign-up form starts with
 * (through the atom: it was read from storage when its module loaded); a parameter the app does not know opens the
 * home. Without a start parameter nothing changes.
 */
export function routeStartLink(host: Host, store: JotaiStore, win: Window = window): StartLink | undefined {
  const raw = host.startParam;
  if (raw === undefined) return undefined;
  const link = parseStartParam(raw);
  if (!link) console.warn("Unknown start parameter; opening the home", raw);
  if (link?.kind === "ref") store.set(invitationCodeAtom, link.code);
  const lang = new URLSearchParams(win.location.search).get("lang");
  const path = startLinkPath(link);
  const state = path === "/" ? win.history.state : { ...asObject(win.history.state), [START_LINK_STATE]: true };
  win.history.replaceState(state, "", lang ? `${path}?lang=${encodeURIComponent(lang)}` : path);
  return link;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? { ...value } : {};
}
