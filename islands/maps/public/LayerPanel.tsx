import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../../lib/ui/i18n";
import type { PublicFrame, PublicMapStore } from "./store";

/** Spec 3, "Public map frame": the side panel of the published layers, each shown or hidden; the panel itself can be hidden. */
export function LayerPanel({ store, frame }: { store: PublicMapStore; frame: PublicFrame }) {
  useSignals();
  const { t } = useT();
  return (
    <nav id="pmap-layers" className="pmap__panel" aria-labelledby="pmap-layers-title" hidden={!store.panelOpen.value}>
      <h2 id="pmap-layers-title">{t("viewer.public.map.layers")}</h2>
      {frame.layers.length === 0 && <p>{t("viewer.public.map.noLayers")}</p>}
      <ul>
        {frame.layers.map((layer) => (
          <li key={layer.id}>
            <label>
              <input type="checkbox" checked={store.shown.value.has(layer.id)} onChange={() => store.toggleLayer(layer.id)} />
              {layer.name}
            </label>
          </li>
        ))}
      </ul>
    </nav>
  );
}
