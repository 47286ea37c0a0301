import { useSignals } from "@preact/signals-react/runtime";
import { Dialog } from "../../lib/ui/Dialog";
import { useT } from "../../lib/ui/i18n";
import type { Editing } from "./edit-store";

/**
 * The create-object dialog (spec 3): the visible layers objects can be made in, each with the templates it offers;
 * choosing one starts drawing its point, line or polygon.
 */
export function AddObjectDialog({ editing }: { editing: Editing }) {
  useSignals();
  const { t } = useT();
  const layers = editing.offered.value;
  if (!layers) return null;
  return (
    <Dialog title={t("map.object.chooseTitle")} id="map-add-object" className="map__dialog" onClose={editing.closeChooser}>
      {layers.map((layer) => (
        <section key={layer.layerId} className="map-create__layer" aria-labelledby={`map-create-${layer.layerId}`}>
          <h3 id={`map-create-${layer.layerId}`}>{layer.layerName}</h3>
          <ul className="map-create__templates">
            {layer.templates.map((template) => (
              <li key={template.id}>
                <button type="button" className="btn btn--ghost" onClick={() => void editing.draw(layer.layerId, template)}>
                  {template.name}
                  <span className="map-create__kind">{t(`map.graphType.${template.graphType}`)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={editing.closeChooser}>
          {t("common.cancel")}
        </button>
      </div>
    </Dialog>
  );
}
