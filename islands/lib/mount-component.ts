import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

/**
 * Renders a component into an element that a screen still built by hand owns (a dashboard widget, a
 * report's embedded block): the bridge from those screens to components until they are components too.
 */
export function mountComponent(host: HTMLElement, node: ReactNode) {
  const root = createRoot(host);
  root.render(node);
  return { destroy: () => root.unmount() };
}
