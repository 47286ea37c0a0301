import { errorText } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import { useViewer } from "../viewers/useViewer";
import type { SplitItem } from "./types";

/** One side's item in the compact viewer of its type; a type without one, or a failed load, says so. */
export function SplitViewer({ item, canModerate }: { item: SplitItem; canModerate: boolean }) {
  const { t } = useT();
  const state = useViewer(item.dataType);
  return (
    <>
      {state.status === "none" && <p className="docv-message split-empty">{t("viewer.split.noViewer")}</p>}
      {state.status === "failed" && (
        <p className="docv-message docv-message--error split-empty" role="alert">
          {errorText(state.error)}
        </p>
      )}
      <div className="viewer__host">
        {state.status === "up" && <state.View dataId={item.id} projectId={item.projectId} canModerate={canModerate} compact />}
      </div>
    </>
  );
}
