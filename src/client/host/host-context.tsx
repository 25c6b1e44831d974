import { createContext, type ReactNode, useContext } from "react";
import type { Host } from "./host.ts";

const HostContext = createContext<Host | undefined>(undefined);

/** Gives the tree the host it runs in; features reach Telegram or the browser only through useHost(). */
export function HostProvider({ host, children }: { host: Host; children?: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): Host {
  const host = useContext(HostContext);
  if (!host) {
    throw new Error("useHost() needs a <HostProvider host={...}> above it (main.tsx, or the test's render helper)");
  }
  return host;
}
