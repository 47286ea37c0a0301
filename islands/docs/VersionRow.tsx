import { mdiDelete, mdiPencil } from "@mdi/js";
import type { Ref } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { Version } from "./common";

interface Props {
  version: Version;
  author: string;
  date: string;
  selected: boolean;
  canModerate: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onRemove: () => void;
  selectRef?: Ref<HTMLButtonElement>;
  editRef?: Ref<HTMLButtonElement>;
}

/** A version in the panel's list: select it; a moderator also edits or removes it (the server checks again). */
export function VersionRow({ version, author, date, selected, canModerate, onSelect, onEdit, onRemove, selectRef, editRef }: Props) {
  const { t, tf } = useT();
  return (
    <li className={selected ? "version is-selected" : "version"} data-id={version.id}>
      <button type="button" className="version__select" data-select aria-current={selected} onClick={onSelect} ref={selectRef}>
        <span className="version__name" data-name>
          {version.name}
        </span>
        <span className="version__meta">
          <time dateTime={version.creationDate}>{date}</time> <span data-author>{author ? tf("docs.view.author", { name: author }) : ""}</span>
        </span>
        <span className="badge version__type" data-type>
          {t(`docs.view.type${version.type}`)}
        </span>
      </button>
      {canModerate && (
        <span className="version__actions">
          <button type="button" className="docv-icon" data-edit aria-label={tf("docs.view.edit", { name: version.name })} onClick={onEdit} ref={editRef}>
            <Icon path={mdiPencil} />
          </button>
          <button type="button" className="docv-icon" data-remove aria-label={tf("docs.view.remove", { name: version.name })} onClick={onRemove}>
            <Icon path={mdiDelete} />
          </button>
        </span>
      )}
    </li>
  );
}
