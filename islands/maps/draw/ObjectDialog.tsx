import { useSignals } from "@preact/signals-react/runtime";
import { Dialog } from "../../lib/ui/Dialog";
import { useT } from "../../lib/ui/i18n";
import type { Editing } from "./edit-store";
import { ObjectForm } from "./ObjectForm";

/**
 * 'Создать объект' (spec 3): the drawn shape's attribute fields, saved as a new object, or as the edited object's
 * new version. Closing it goes back to the drawing, which is kept.
 */
export function ObjectDialog({ editing }: { editing: Editing }) {
  useSignals();
  const { t } = useT();
  const session = editing.session.value;
  const geometry = editing.shape.value;
  if (!session || !geometry) return null;
  return (
    <Dialog title={t(session.object ? "map.object.edit" : "map.object.create")} id="map-object" className="map__dialog map-object" onClose={editing.closeForm}>
      <ObjectForm
        key={session.object?.version ?? 0}
        formId="map-object-form"
        template={session.template}
        layerId={session.layerId}
        geometry={geometry}
        object={session.object}
        readOnly={false}
        onSaved={editing.saved}
        onReload={() => void editing.reload()}
      >
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={editing.closeForm}>
            {t("map.object.back")}
          </button>
          <button type="submit" className="btn">
            {t("map.object.save")}
          </button>
        </div>
      </ObjectForm>
    </Dialog>
  );
}
