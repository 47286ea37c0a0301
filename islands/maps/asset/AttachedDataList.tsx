import { mdiFileDocumentPlusOutline, mdiLinkPlus, mdiLinkVariantOff } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { reportFailure } from "../../lib/failures";
import { snack } from "../../lib/snackbar";
import { useConfirm } from "../../lib/ui/Confirm";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import { AssetRow } from "./AssetParts";
import type { Asset, AttachedData } from "./asset-store";
import { DocumentDialog } from "./DocumentDialog";
import { ItemViewerDialog } from "./ItemViewerDialog";
import { LinkDataDialog } from "./LinkDataDialog";

/** The data items attached to the object: each opens in its type's viewer; editors link more, add a new document, or detach. */
export function AttachedDataList({ asset, projectId, canEdit }: { asset: Asset; projectId: number; canEdit: boolean }) {
  useSignals();
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const [dialog, setDialog] = useState<"link" | "document" | null>(null);
  const [viewed, setViewed] = useState<AttachedData | null>(null);
  const list = asset.data.value;
  const detach = async (row: AttachedData) => {
    if (!(await ask({ title: t("map.asset.removeDataTitle"), text: tf("map.asset.removeDataText", { name: row.abstractData.name }), confirm: t("map.asset.remove") }))) return;
    try {
      await asset.detachData(row.id);
      snack(t("map.asset.dataRemoved"), "success");
    } catch (error) {
      reportFailure(error);
    }
  };
  return (
    <section className="asset__section" aria-labelledby="asset-data">
      <div className="asset__head">
        <h3 id="asset-data">{t("map.asset.data")}</h3>
        {canEdit && (
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setDialog("link")}>
              <Icon path={mdiLinkPlus} /> {t("map.asset.linkData")}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setDialog("document")}>
              <Icon path={mdiFileDocumentPlusOutline} /> {t("map.asset.newDocument")}
            </button>
          </>
        )}
      </div>
      {list && !list.length && <p className="asset__empty">{t("map.asset.noData")}</p>}
      <ul className="asset__list">
        {list?.map((row) => (
          <AssetRow
            key={row.id}
            name={row.abstractData.name}
            kind={t(`dataType.${row.abstractData.dataType}`)}
            onOpen={() => setViewed(row)}
            removeIcon={mdiLinkVariantOff}
            onRemove={canEdit ? () => void detach(row) : undefined}
          />
        ))}
      </ul>
      {dialog === "link" && <LinkDataDialog asset={asset} projectId={projectId} onClose={() => setDialog(null)} />}
      {dialog === "document" && <DocumentDialog asset={asset} projectId={projectId} onClose={() => setDialog(null)} />}
      {viewed && <ItemViewerDialog item={viewed.abstractData} onClose={() => setViewed(null)} />}
      {question}
    </section>
  );
}
