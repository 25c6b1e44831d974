/**
 * Unit tests of the web app run without a server. This replaces the network of the test window (fetch,
 * XMLHttpRequest, WebSocket, EventSource, those it has) with versions that throw an error naming the URL, so a call a test
 * did not stub (with stubApi or vi.stubGlobal) fails that test instead of trying a port that is not there.
 * vi.unstubAllGlobals() puts these back after a test that stubbed one.
 */
export class StrayNetworkCall extends Error {
  constructor(api: string, url: unknown) {
    super(
      `unit tests do not reach a network: ${api} ${callTarget(url)} was not stubbed (use stubApi or vi.stubGlobal)`,
    );
    this.name = "StrayNetworkCall";
  }
}

function callTarget(input: unknown): string {
  if (input instanceof Request) return `${input.method} ${input.url}`;
  if (input instanceof URL) return input.href;
  return String(input);
}

const reported: StrayNetworkCall[] = [];

/** Throws, and remembers the error so the test fails even where the code under test swallows it. */
function stray(api: string, url: unknown): never {
  const error = new StrayNetworkCall(api, url);
  reported.push(error);
  throw error;
}

/** The stray calls since the last take, cleared. */
export function takeStrayCalls(): StrayNetworkCall[] {
  return reported.splice(0);
}

class NoXMLHttpRequest {
  open(_method: string, url: string | URL): void {
    stray("XMLHttpRequest", url);
  }
}

class NoWebSocket {
  constructor(url: string | URL) {
    stray("WebSocket", url);
  }
}

class NoEventSource {
  constructor(url: string | URL) {
    stray("EventSource", url);
  }
}

export function forbidNetwork(): void {
  const replacements: Record<string, unknown> = {
    fetch: async (input: RequestInfo | URL): Promise<Response> => stray("fetch", input),
    XMLHttpRequest: NoXMLHttpRequest,
    WebSocket: NoWebSocket,
    EventSource: NoEventSource,
  };
  const targets = new Set<object>([globalThis]);
  if (typeof window !== "undefined") targets.add(window);
  for (const target of targets) {
    for (const [name, value] of Object.entries(replacements)) {
      // what the test window lacks stays missing: code that checks for it keeps seeing no such API
      if (!(name in target)) continue;
      Object.defineProperty(target, name, { value, writable: true, configurable: true });
    }
  }
}
