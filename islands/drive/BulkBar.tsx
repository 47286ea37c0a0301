import { mdiDelete, mdiLinkOff, mdiShareVariant } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { reportFailure } from "../lib/failures";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useDrive } from "./store";

/** The selection's toolbar: select all, how many are selected, and what can be done to them at once. */
export function BulkBar({ remove }: { remove: (ids: number[]) => void }) {
  useSignals();
  const { t, tf } = useT();
  const store = useDrive();
  const count = store.selected.value.size;
  const total = store.files.value.length;
  const ids = () => [...store.selected.value];
  const setShared = (share: boolean) => store.setShared(ids(), share).catch(reportFailure);
  return (
    <div className="drive__bulk" role="toolbar" aria-label={t("drive.selection")}>
      <label className="drive__check">
        <input
          type="checkbox"
          checked={count > 0 && count === total}
          ref={(box) => {
            if (box) box.indeterminate = count > 0 && count < total;
          }}
          onChange={(event) => store.selectAll(event.target.checked)}
        />
        <span>{t("drive.selectAll")}</span>
      </label>
      <span className="drive__count" aria-live="polite">
        {count ? tf("drive.selected", { count }) : ""}
      </span>
      <span className="drive__bulk-actions" hidden={count === 0}>
        <button type="button" className="btn btn--ghost" onClick={() => setShared(true)}>
          <Icon path={mdiShareVariant} /> {t("drive.share")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setShared(false)}>
          <Icon path={mdiLinkOff} /> {t("drive.withdraw")}
        </button>
        <button type="button" className="btn btn--ghost drive__danger" onClick={() => remove(ids())}>
          <Icon path={mdiDelete} /> {t("drive.remove")}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => store.selectAll(false)}>
          {t("drive.clearSelection")}
        </button>
      </span>
    </div>
  );
}
