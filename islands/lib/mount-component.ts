import type { ReactNode } from "react";
import { createRoot } from "react-dom/client";

/**
 * Renders a component into an element that a host still built by hand owns (the viewers' registry, a
 * dashboard widget, a report's embedded block, the public page): the bridge from those hosts to
 * components until they are components too; destroy() unmounts it.
 */
export function mountComponent(host: HTMLElement, node: ReactNode) {
  const root = createRoot(host);
  root.render(node);
  return { destroy: () => root.unmount() };
}
