import { dataItemPath } from "../../src/lib/data-paths";
import { useT } from "../lib/ui/i18n";
import { useViewer } from "../viewers/useViewer";
import type { Report } from "./report";

type Block = Report["blocks"][number];

/** One placeholder of a report drawn by the compact viewer of its item's type; a type without a viewer shows a link instead. */
export function EmbeddedBlock({ block, projectId }: { block: Block; projectId: number }) {
  const { t, tf } = useT();
  const state = useViewer(block.dataType);
  return (
    <div className={`rp-block rp-block--${block.dataType.toLowerCase()}`} data-data-id={block.id}>
      {state.status === "up" && <state.View dataId={block.id} projectId={projectId} canModerate={false} compact />}
      {(state.status === "none" || state.status === "failed") && (
        <a href={dataItemPath(projectId, block.dataType, block.id)}>{tf("report.openData", { type: t(`report.kind.${block.dataType}`) })}</a>
      )}
    </div>
  );
}

/** A placeholder the reader may not see (or that names nothing): a block that names nothing either. */
export function UnavailableBlock({ dataId }: { dataId: number }) {
  const { t } = useT();
  return (
    <div className="rp-block rp-block--none" data-data-id={dataId}>
      <p>{t("report.unavailable")}</p>
    </div>
  );
}
