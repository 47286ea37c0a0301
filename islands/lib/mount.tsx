import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

/**
 * Renders a component into an element a hand-built host hands over (the viewer registry, the public
 * page) until that host is a component itself; destroy() unmounts it.
 */
export function mountComponent(host: HTMLElement, node: ReactNode) {
  const root = createRoot(host);
  root.render(node);
  return { destroy: () => root.unmount() };
}
