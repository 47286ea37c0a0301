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

/**
 * Renders a component that opens on its own (a data type's create dialog, started by a list's button
 * through the browser registry) into an element of its own at the end of the page; destroy() unmounts
 * it and removes the element. The bridge for entry points that are still functions.
 */
export function mountDetached(node: ReactNode) {
  const host = document.body.appendChild(document.createElement("div"));
  const mounted = mountComponent(host, node);
  return {
    destroy: () => {
      mounted.destroy();
      host.remove();
    },
  };
}
