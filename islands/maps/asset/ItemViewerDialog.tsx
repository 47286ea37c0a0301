import { mdiOpenInNew } from "@mdi/js";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import { useViewer } from "../../viewers/useViewer";
import { AssetViewer } from "./AssetParts";
import type { AttachedData } from "./asset-store";

/** An attached data item in its type's own viewer (islands/viewers), read-only and compact, with a link to its page. */
export function ItemViewerDialog({ item, onClose }: { item: AttachedData["abstractData"]; onClose: () => void }) {
  const { t } = useT();
  const state = useViewer(item.dataType);
  const action = (
    <a className="btn btn--ghost" href={`/project/${item.projectId}/${item.dataType.toLowerCase()}/${item.id}`}>
      <Icon path={mdiOpenInNew} /> {t("map.asset.openPage")}
    </a>
  );
  return (
    <AssetViewer title={item.name} action={action} onClose={onClose}>
      {state.status === "up" ? (
        <state.View dataId={item.id} projectId={item.projectId} canModerate={false} compact />
      ) : (
        <p className="asset__empty">{state.status === "loading" ? t("common.loading") : t("map.asset.noViewer")}</p>
      )}
    </AssetViewer>
  );
}
