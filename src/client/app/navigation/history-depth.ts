/**
 * Marks each history entry the app creates with its depth from the entry the app was opened on, so a back
 * button knows whether going back stays inside the app (a deep link opened in Telegram has nothing behind it).
 */
function depthOf(state: unknown): number {
  if (typeof state === "object" && state !== null && "depth" in state && typeof state.depth === "number") {
    return state.depth;
  }
  return 0;
}

function withDepth(state: unknown, depth: number): Record<string, unknown> {
  const base = typeof state === "object" && state !== null ? { ...state } : {};
  return { ...base, depth };
}

export function installHistoryDepth(history: History = window.history): void {
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  history.pushState = (state, unused, url) => push(withDepth(state, depthOf(history.state) + 1), unused, url);
  history.replaceState = (state, unused, url) => replace(withDepth(state, depthOf(history.state)), unused, url);
}

export function historyDepth(history: History = window.history): number {
  return depthOf(history.state);
}
