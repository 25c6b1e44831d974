/** A new chat's id (spec §2): the current timestamp in ms joined with the stored user id (a visitor's device). */
export function newChatId(owner: string, now: number = Date.now()): string {
  return `${now}${owner.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64)}`;
}

export interface ChatPathOptions {
  /** a question to send once the page opens (spec §4: 500 ms later) */
  message?: string;
  /** the agent the chat is with (isAgents=Y&agent=…): its opening shows first and every question carries its id */
  agent?: string;
  /** opened for help (isHelp=Y: customer service) */
  help?: boolean;
}

/** /chat/{id}?type=newChat[&isAgents=Y&agent=…][&isHelp=Y][&message=…] */
export function newChatPath(id: string, { message, agent, help }: ChatPathOptions = {}): string {
  const query = new URLSearchParams({ type: "newChat" });
  if (agent) {
    query.set("isAgents", "Y");
    query.set("agent", agent);
  }
  if (help) query.set("isHelp", "Y");
  if (message) query.set("message", message);
  return `/chat/${encodeURIComponent(id)}?${query}`;
}

/** /chat/{id}, with the agent of an agent chat (?agent=…) so it reopens as that agent's chat */
export function chatPath(id: string, agent = ""): string {
  const path = `/chat/${encodeURIComponent(id)}`;
  return agent ? `${path}?${new URLSearchParams({ agent })}` : path;
}
