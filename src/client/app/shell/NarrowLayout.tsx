import type { ReactNode } from "react";
import { NarrowTopBar } from "./NarrowTopBar.tsx";

export function NarrowLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--narrow">
      <NarrowTopBar />
      <main className="layout__content">{children}</main>
    </div>
  );
}
