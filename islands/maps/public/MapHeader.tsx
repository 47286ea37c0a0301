import { mdiInformationOutline, mdiLayersOutline, mdiMagnify, mdiShareVariant } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { TYPE_ICONS } from "../../lib/type-icons";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import type { PublicFrame, PublicMapStore } from "./store";

interface HeaderProps {
  store: PublicMapStore;
  frame: PublicFrame;
  /** The embedding option: without it the frame has no search. */
  search: boolean;
}

/**
 * Spec 3, "Public map frame": the header with the icon, the name, the layer panel's toggle, share, info (only with a
 * description) and search. Under 601 px only the search button stays (`pmap__wide` hides the rest).
 */
export function MapHeader({ store, frame, search }: HeaderProps) {
  useSignals();
  const { t } = useT();
  const toggle = (label: string, path: string, open: boolean, controls: string, act: () => void, wide = true) => (
    <button type="button" className={wide ? "docv-icon pmap__wide" : "docv-icon"} title={label} aria-expanded={open} aria-controls={controls} onClick={act}>
      <Icon path={path} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
  return (
    <header className="pmap__head">
      {toggle(t("viewer.public.map.togglePanel"), mdiLayersOutline, store.panelOpen.value, "pmap-layers", () => (store.panelOpen.value = !store.panelOpen.value))}
      <span className="pub__icon">
        <Icon path={TYPE_ICONS.MAP} />
      </span>
      <h1 className="pmap__name">{frame.name}</h1>
      <button type="button" className="docv-icon pmap__wide" title={t("viewer.public.share")} onClick={() => (store.shareOpen.value = true)}>
        <Icon path={mdiShareVariant} />
        <span className="visually-hidden">{t("viewer.public.share")}</span>
      </button>
      {frame.description && toggle(t("viewer.public.info"), mdiInformationOutline, store.infoOpen.value, "pmap-info", () => (store.infoOpen.value = !store.infoOpen.value))}
      {search && toggle(t("viewer.public.map.search"), mdiMagnify, store.sheetOpen.value, "pmap-search", () => (store.sheetOpen.value = !store.sheetOpen.value), false)}
    </header>
  );
}
