import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the HTTP requests the chain table's clients make on behalf of one piece of work (a balance read reports how
 * many JSON-RPC batches it took). The clients' transports call `noteRpcRequest` for every HTTP request they send;
 * viem schedules a batch from the call that opened it, so the request is counted in that call's context.
 */

const current = new AsyncLocalStorage<{ requests: number }>();

/** called by the transports for every HTTP request sent to a node */
export function noteRpcRequest(): void {
  const store = current.getStore();
  if (store) store.requests += 1;
}

/** runs `work` and tells how many HTTP requests to nodes it made */
export async function countRpcRequests<T>(work: () => Promise<T>): Promise<{ value: T; requests: number }> {
  const store = { requests: 0 };
  const value = await current.run(store, work);
  return { value, requests: store.requests };
}
