import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useT } from "../lib/ui/i18n";
import { menuPlace } from "./menu-place";
import type { MapStore } from "./store";

/**
 * The feature selector (spec 3, "Feature selection"): the objects under a click, each by its layer and template
 * name, as a menu where the click was (kept inside the map); the arrow keys move, Enter chooses, Escape closes.
 */
export function FeatureMenu({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const buttons = useRef<HTMLButtonElement[]>([]);
  const choices = store.choices.value;
  useEffect(() => {
    buttons.current[0]?.focus();
  }, [choices]);
  if (!choices) return null;
  const move = (event: KeyboardEvent) => {
    const items = buttons.current.slice(0, choices.picks.length);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    if (event.key === "Escape") store.choices.value = null;
    else if (next === undefined) return;
    else items[(next + items.length) % items.length]?.focus();
    event.preventDefault();
  };
  return (
    <ul className="map__menu" role="menu" aria-label={t("map.featureMenu")} style={menuPlace(choices.pixel, choices.picks.length)} onKeyDown={move}>
      {choices.picks.map((pick, i) => (
        <li key={`${pick.layerId}-${pick.id}`} role="none">
          <button type="button" role="menuitem" tabIndex={-1} ref={(button) => void (button && (buttons.current[i] = button))} onClick={() => store.select(pick)}>
            <span>{store.layerName(pick.layerId)}</span>
            <span className="map__menu-template">{store.templates.value.get(pick.templateId) ?? ""}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
