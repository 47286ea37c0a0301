import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { useT } from "../lib/ui/i18n";
import { menuPlace } from "./menu-place";
import type { MapStore } from "./store";
import type { MapTasks } from "./tasks/store";

/** The administrator's panorama link for a place: {lat} and {lon} filled in with 6 decimals. */
const panoramaLink = (template: string, [lon, lat]: [number, number]) => template.replaceAll("{lat}", lat.toFixed(6)).replaceAll("{lon}", lon.toFixed(6));

/**
 * The map's right-click menu (spec 3, "Context menu"), also opened by the context-menu key on the map: create
 * object for editors, create task at the place for the project's members on a saved map (`tasks`), 'what is here'
 * (the nearest populated place) for everyone, and the panorama of the place when an administrator set its link.
 * Arrow keys move, Escape closes; it stays inside the map at 360 px.
 */
export function ContextMenu({ store, canEdit, panorama, tasks }: { store: MapStore; canEdit: boolean; panorama: string | null; tasks?: MapTasks }) {
  useSignals();
  const { t } = useT();
  const list = useRef<HTMLUListElement>(null);
  const menu = store.menu.value;
  const items = () => [...(list.current?.children ?? [])].map((item) => item.firstElementChild as HTMLElement).filter((item) => item.getAttribute("aria-disabled") !== "true");
  useEffect(() => {
    if (menu) items()[0]?.focus();
  }, [menu]);
  if (!menu) return null;
  const close = () => (store.menu.value = null);
  const createTask = () => {
    close();
    tasks?.createAt(menu.lonLat);
  };
  const move = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === "Escape" || event.key === "Tab") close();
    else if (next === undefined) return;
    else all[(next + all.length) % all.length]?.focus();
    if (event.key !== "Tab") event.preventDefault();
  };
  return (
    <ul ref={list} className="map__menu" role="menu" id="map-context-menu" aria-label={t("map.menu.label")} style={menuPlace(menu.pixel, 3)} onKeyDown={move}>
      {canEdit && (
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={store.addObject}>
            {t("map.menu.createObject")}
          </button>
        </li>
      )}
      {tasks && (
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={createTask}>
            {t("map.menu.createTask")}
          </button>
        </li>
      )}
      <li role="none">
        <button type="button" role="menuitem" tabIndex={-1} onClick={store.whatIsHere}>
          {t("map.menu.whatIsHere")}
        </button>
      </li>
      {panorama && (
        <li role="none">
          <a role="menuitem" tabIndex={-1} href={panoramaLink(panorama, menu.lonLat)} target="_blank" rel="noopener noreferrer" onClick={close}>
            {t("map.menu.panorama")}
          </a>
        </li>
      )}
    </ul>
  );
}
