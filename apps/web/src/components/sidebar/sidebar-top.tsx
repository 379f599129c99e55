import { Children, type ReactNode } from "react";

/** The slot above the channel list's sections, for links to other views (Threads, …). */
export function SidebarTop({ children }: { children?: ReactNode }) {
  if (Children.toArray(children).length === 0) return null;
  return <div className="sidebar-top">{children}</div>;
}
