import { useSignals } from "@preact/signals-react/runtime";
import { useT } from "../../lib/ui/i18n";
import type { Editing } from "./edit-store";

/** The draw toolbar while an object is drawn or edited (edit mode): what to do, Cancel and Save. */
export function DrawBar({ editing }: { editing: Editing }) {
  useSignals();
  const { t, tf } = useT();
  const session = editing.session.value;
  if (!session || editing.shape.value) return null;
  return (
    <div className="map-draw" role="toolbar" aria-label={tf("map.draw.bar", { template: session.template.name })}>
      <p className="map-draw__hint">{t(session.object ? "map.draw.editHint" : "map.draw.hint")}</p>
      <button type="button" className="btn btn--ghost" onClick={editing.cancel}>
        {t("map.draw.cancel")}
      </button>
      <button type="button" className="btn" onClick={editing.saveShape}>
        {t("map.draw.save")}
      </button>
    </div>
  );
}
