import type { ReactNode } from "react";
import { Sidebar } from "./Sidebar.tsx";
import { WideHeader } from "./WideHeader.tsx";

export function WideLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--wide">
      <Sidebar />
      <div className="layout__main">
        <WideHeader />
        <main className="layout__content">{children}</main>
      </div>
    </div>
  );
}
