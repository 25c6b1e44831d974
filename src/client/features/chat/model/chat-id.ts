/** A new chat's id (spec §2): the current timestamp in ms joined with the stored user id (a visitor's device). */
export function newChatId(owner: string, now: number = Date.now()): string {
  return `${now}${owner.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64)}`;
}

export interface ChatPathOptions {
  /** a question to send once the page opens (spec §4: 500 ms later) */
  message?: string;
}

/** /chat/{id}?type=newChat[&message=…] */
export function newChatPath(id: string, { message }: ChatPathOptions = {}): string {
  const query = new URLSearchParams({ type: "newChat" });
  if (message) query.set("message", message);
  return `/chat/${encodeURIComponent(id)}?${query}`;
}

export function chatPath(id: string): string {
  return `/chat/${encodeURIComponent(id)}`;
}
