/**
 * What a deep link's payload (`t.me/<bot>?start=<payload>`, arriving as `/start <payload>`) asks for. Telegram
 * allows 64 characters of A-Z, a-z, 0-9, _ and -; a user can type anything after /start, so every form is
 * checked here and anything else is no payload at all (the plain welcome).
 */
export type StartPayload =
  | { kind: "coin"; symbol: string }
  | { kind: "chat"; chatId: string }
  | { kind: "share"; code: string }
  | { kind: "ref"; invitationCode: string }
  | { kind: "none" };

const FORMS: [RegExp, (match: string) => StartPayload][] = [
  [/^coin_([A-Za-z0-9]{1,20})$/, (symbol) => ({ kind: "coin", symbol: symbol.toUpperCase() })],
  [/^chat_([A-Za-z0-9_-]{1,59})$/, (chatId) => ({ kind: "chat", chatId })],
  [/^share_([A-Za-z0-9_-]{1,58})$/, (code) => ({ kind: "share", code })],
  // invitation codes are upper-case letters and digits (users.invitation_code), at most 32
  [/^ref_([A-Z0-9]{1,32})$/, (invitationCode) => ({ kind: "ref", invitationCode })],
];

export function parseStartPayload(payload: string | undefined): StartPayload {
  const text = (payload ?? "").trim();
  if (text.length === 0 || text.length > 64) return { kind: "none" };
  for (const [form, make] of FORMS) {
    const match = form.exec(text);
    if (match?.[1]) return make(match[1]);
  }
  return { kind: "none" };
}

/** The start parameter the mini app is opened with for a payload (the client routes it), if any. */
export function startParamOf(payload: StartPayload): string | undefined {
  switch (payload.kind) {
    case "coin":
      return `coin_${payload.symbol}`;
    case "chat":
      return `chat_${payload.chatId}`;
    case "share":
      return `share_${payload.code}`;
    default:
      return undefined;
  }
}
