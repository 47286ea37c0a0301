import { mdiClose } from "@mdi/js";
import type { ReactNode } from "react";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

/** A dialog whose head holds, beside its title, `tools` and a Close button (projects.css lays the head out). */
export function PanelDialog({ title, onClose, className, tools, children }: { title: string; onClose: () => void; className: string; tools?: ReactNode; children: ReactNode }) {
  const { t } = useT();
  return (
    <Dialog title={title} onClose={onClose} className={`${className} panel-dialog`}>
      {tools}
      <button type="button" className="icon-btn" aria-label={t("common.close")} onClick={onClose}>
        <Icon path={mdiClose} />
      </button>
      <div className="panel-dialog__body">{children}</div>
    </Dialog>
  );
}
