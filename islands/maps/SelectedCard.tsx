import { useSignals } from "@preact/signals-react/runtime";
import { mdiClose } from "@mdi/js";
import { useEffect, useState } from "react";
import { call, server } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { ShareObject } from "./ShareObject";
import type { MapStore } from "./store";

const loadCard = (id: number) =>
  Promise.all([call(server["layer-poi"]["find-by-id"].get({ query: { id } })), call(server["layer-poi"]["get-metadata"].get({ query: { lpId: id } }))]);
type Card = Awaited<ReturnType<typeof loadCard>>;

/** The selected object's card: its name (layer-poi/find-by-id), layer and template, its metadata counts and share link; closing it ends the selection. */
export function SelectedCard({ store }: { store: MapStore }) {
  useSignals();
  const { t, tf } = useT();
  const pick = store.selected.value;
  const [card, setCard] = useState<Card | null>(null);
  useEffect(() => {
    setCard(null);
    if (!pick) return;
    let gone = false;
    loadCard(pick.id).then(
      (loaded) => gone || setCard(loaded),
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
      <h3>{card?.[0].name ?? "…"}</h3>
      <p>
        {store.layerName(pick.layerId)} · {store.templates.value.get(pick.templateId) ?? ""}
      </p>
      {card && <p className="map__card-counts">{tf("map.details.counts", { issues: card[1].issueCount, data: card[1].attachedDataCount, files: card[1].attachedFilesCount })}</p>}
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
