import type { ReactNode } from "react";
import { Dialog } from "../../lib/ui/Dialog";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";

/** A dialog that shows one attachment: its name, a bar with `action` (its page, its download) and Close, and the viewer. */
export function AssetViewer({ title, action, onClose, children }: { title: string; action: ReactNode; onClose: () => void; children: ReactNode }) {
  const { t } = useT();
  return (
    <Dialog title={title} className="asset-viewer" onClose={onClose}>
      <div className="dialog-actions asset-viewer__bar">
        {action}
        <button type="button" className="btn" onClick={onClose}>
          {t("common.close")}
        </button>
      </div>
      <div className="asset-viewer__stage viewer__stage">{children}</div>
    </Dialog>
  );
}

/** One attachment in a card's list: its name opens it, then what it is, and for editors a remove button. */
export function AssetRow({ name, kind, onOpen, removeIcon, onRemove }: { name: string; kind: string; onOpen: () => void; removeIcon: string; onRemove?: () => void }) {
  const { t, tf } = useT();
  return (
    <li>
      <button type="button" className="asset__open" onClick={onOpen}>
        {name}
      </button>
      <span className="asset__kind">{kind}</span>
      {onRemove && (
        <button type="button" className="map__icon-button" aria-label={tf("map.asset.removeNamed", { name })} title={t("map.asset.remove")} onClick={onRemove}>
          <Icon path={removeIcon} />
        </button>
      )}
    </li>
  );
}
