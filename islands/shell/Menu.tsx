import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, type SyntheticEvent, useEffect, useId } from "react";
import { openMenu, watchMenus } from "./menus";

/**
 * A disclosure menu of the shell: `summary` opens `children` in a panel; opening it closes any other. `label` names
 * an icon summary; a summary with visible text (`named`) carries its own name, so what is seen is what is heard.
 */
export function Menu({ summary, label, named = false, children }: { summary: ReactNode; label: string; named?: boolean; children: ReactNode }) {
  useSignals();
  const id = useId();
  useEffect(watchMenus, []);
  const toggled = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const open = event.currentTarget.open;
    if (open) openMenu.value = id;
    else if (openMenu.value === id) openMenu.value = null;
  };
  return (
    <details className="menu" open={openMenu.value === id} onToggle={toggled}>
      <summary title={label} aria-label={named ? undefined : label}>
        {summary}
      </summary>
      <div className="menu__panel">{children}</div>
    </details>
  );
}
