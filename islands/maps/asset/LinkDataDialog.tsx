import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useState } from "react";
import { reportFailure } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";
import { Dialog } from "../../lib/ui/Dialog";
import { useT } from "../../lib/ui/i18n";
import type { Asset } from "./asset-store";

type Hit = Awaited<ReturnType<typeof findItems>>[number];
const findItems = (projectId: number, str: string) => call(server.data.search.get({ query: { projectId, str } }));

/** The search-data dialog of spec 3: items of the project by name, each attached with one click (the map's own kinds left out). */
export function LinkDataDialog({ asset, projectId, onClose }: { asset: Asset; projectId: number; onClose: () => void }) {
  useSignals();
  const { t } = useT();
  const fieldId = useId();
  const [text, setText] = useState("");
  const [hits, setHits] = useState<Hit[] | null>(null);
  useEffect(() => {
    let gone = false;
    const timer = setTimeout(() => {
      findItems(projectId, text.trim()).then((found) => gone || setHits(found.filter((hit) => hit.dataType !== "LAYER" && hit.dataType !== "MAP")), reportFailure);
    }, 250);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [text]);
  const attached = new Set(asset.data.value?.map((row) => row.abstractData.id));
  const attach = async (hit: Hit) => {
    try {
      await asset.attachData(hit.id);
      snack(t("map.asset.dataAdded"), "success");
    } catch (error) {
      reportFailure(error);
    }
  };
  return (
    <Dialog title={t("map.asset.linkData")} className="map__dialog asset-dialog" onClose={onClose}>
      <div className="asset-dialog__body">
      <label htmlFor={fieldId}>{t("map.asset.findData")}</label>
      <input id={fieldId} type="search" value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
      {hits && !hits.length && <p className="asset__empty">{t("map.asset.nothingFound")}</p>}
      <ul className="asset__list" aria-live="polite">
        {hits?.map((hit) => (
          <li key={hit.id}>
            <span className="asset__name">{hit.name}</span>
            <span className="asset__kind">{t(`dataType.${hit.dataType}`)}</span>
            <button type="button" className="btn btn--ghost" disabled={attached.has(hit.id)} onClick={() => void attach(hit)}>
              {attached.has(hit.id) ? t("map.asset.attached") : t("map.asset.attach")}
            </button>
          </li>
        ))}
      </ul>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
    </Dialog>
  );
}
