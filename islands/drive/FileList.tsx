import { mdiDelete, mdiDownload, mdiEye, mdiShareVariant } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { previewKind } from "../../src/lib/file-types";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { FileEntity } from "./common";
import { useDates } from "../lib/ui/dates";
import { sizeFormat } from "./format";
import { useDrive } from "./store";
import { iconOf } from "./type-icons";

export interface FileActions {
  download: (file: FileEntity) => void;
  remove: (ids: number[]) => void;
}

/** One file: its selection box, icon, name (which opens it), size, date and link state, and its actions. */
function FileRow({ file, selected, actions }: { file: FileEntity; selected: boolean; actions: FileActions }) {
  const strings = useT();
  const { t, tf } = strings;
  const store = useDrive();
  const dates = useDates();
  const previewable = previewKind(file.name) !== null;
  // A file that cannot be previewed opens as a download, as in other drives.
  const open = () => (previewable ? store.view(file) : actions.download(file));
  const action = (label: string, path: string, run: () => void, extra: Record<string, unknown> = {}) => (
    <button type="button" className="icon-btn" title={label} aria-label={label} onClick={run} {...extra}>
      <Icon path={path} />
    </button>
  );
  return (
    <li className="drive-file">
      <input type="checkbox" className="drive-file__check" checked={selected} aria-label={tf("drive.select", { name: file.name })} onChange={(event) => store.select(file.id, event.target.checked)} />
      <span className="drive-file__icon">
        <Icon path={iconOf(file)} />
      </span>
      <div className="drive-file__main">
        <button type="button" className="drive-file__name" data-name title={file.name} onClick={open}>
          {file.name}
        </button>
        <div className="drive-file__meta">
          <span>{sizeFormat(strings)(file.size)}</span> · <time dateTime={file.creationDate}>{dates.stamp(file.creationDate)}</time>
          {file.isShared && <span className="badge">{file.shareExpiresAt ? tf("drive.sharedUntil", { date: dates.day(file.shareExpiresAt) }) : t("drive.shared")}</span>}
        </div>
      </div>
      <div className="drive-file__actions" role="group" data-actions aria-label={tf("drive.actionsFor", { name: file.name })}>
        {/* Every row keeps its buttons in the same places: a type that cannot be previewed leaves an empty slot. */}
        {action(t("drive.preview"), mdiEye, open, { "data-unavailable": previewable ? undefined : "" })}
        {action(t("drive.download"), mdiDownload, () => actions.download(file))}
        {action(t("drive.share"), mdiShareVariant, () => store.share(file), { "aria-haspopup": "dialog" })}
        {action(t("drive.remove"), mdiDelete, () => actions.remove([file.id]), { className: "icon-btn drive__danger" })}
      </div>
    </li>
  );
}

/** The files, newest first, or why there are none. */
export function FileList({ actions }: { actions: FileActions }) {
  useSignals();
  const { t } = useT();
  const store = useDrive();
  const files = store.files.value;
  return (
    <>
      {files.length === 0 && <p className="drive__empty">{store.query.value.trim() ? t("drive.nothingFound") : t("drive.empty")}</p>}
      <ul className="drive__list" id="drive-list" aria-label={t("drive.title")}>
        {files.map((file) => (
          <FileRow key={file.id} file={file} selected={store.selected.value.has(file.id)} actions={actions} />
        ))}
      </ul>
    </>
  );
}
