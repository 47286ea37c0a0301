import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose } from "@mdi/js";
import { useEffect, useState } from "react";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { ShareObject } from "./ShareObject";
import type { MapStore } from "./store";

/** The selected object's card: its name (layer-poi/find-by-id), layer and template; its share link; closing it ends the selection. */
export function SelectedCard({ store }: { store: MapStore }) {
  useSignals();
  const { t } = useT();
  const pick = store.selected.value;
  const [name, setName] = useState("");
  useEffect(() => {
    setName("");
    if (!pick) return;
    let gone = false;
    call(server["layer-poi"]["find-by-id"].get({ query: { id: pick.id } })).then(
      (object) => gone || setName(object.name),
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [pick]);
  if (!pick) return null;
  const link = store.objectLink(pick.id);
  return (
    <section className="map__card" id="map-selected" aria-label={t("map.selected")} aria-live="polite">
      <h3>{name || "…"}</h3>
      <p>
        {store.layerName(pick.layerId)} · {store.templates.value.get(pick.templateId) ?? ""}
      </p>
      <button type="button" className="btn btn--ghost map__card-details" onClick={() => store.editing.showDetails(pick.id)}>
        {t("map.details.open")}
      </button>
      {link && <ShareObject path={link} />}
      <button type="button" className="map__icon-button" aria-label={t("common.close")} title={t("common.close")} onClick={() => store.select(null)}>
        <Icon path={mdiClose} />
      </button>
    </section>
  );
}
