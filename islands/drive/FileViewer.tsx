import { mdiClose, mdiDownload, mdiFilePlusOutline } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { shortName } from "../lib/files";
import { Dialog } from "../lib/ui/Dialog";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useNarrow } from "../lib/use-narrow";
import type { FileEntity } from "./common";
import { FilePreview } from "./FilePreview";
import { useDrive } from "./store";
import { iconOf } from "./type-icons";

/** Someone else's file can be added to one's own files, once. */
function AddButton() {
  const { t } = useT();
  const store = useDrive();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    if (!(await store.addViewed())) setBusy(false);
  };
  return (
    <button type="button" className="btn" disabled={busy} onClick={add}>
      <Icon path={mdiFilePlusOutline} /> <span>{t("drive.addToMyFiles")}</span>
    </button>
  );
}

/**
 * The viewer: a dialog over the list with the file's name (shortened to 45 characters, 15 when
 * narrow), download and close. Closing it from /drive/{token} leaves the address at /drive.
 */
function ViewerDialog({ file, canAdd, download }: { file: FileEntity; canAdd: boolean; download: (file: FileEntity) => void }) {
  const { t } = useT();
  const store = useDrive();
  const narrow = useNarrow();
  const close = () => {
    store.view(null);
    if (location.pathname !== "/drive") history.replaceState(null, "", "/drive");
  };
  return (
    <Dialog title={shortName(file.name, narrow ? 15 : 45)} className="viewer" onClose={close}>
      <span className="viewer__icon">
        <Icon path={iconOf(file)} />
      </span>
      <div className="viewer__actions">
        {canAdd && <AddButton />}
        <button type="button" className="icon-btn" title={t("drive.download")} aria-label={t("drive.download")} onClick={() => download(file)}>
          <Icon path={mdiDownload} />
        </button>
        <button type="button" className="icon-btn" title={t("common.close")} aria-label={t("common.close")} onClick={close}>
          <Icon path={mdiClose} />
        </button>
      </div>
      <div className="viewer__stage" tabIndex={0}>
        <FilePreview key={file.token} file={file} onDownload={() => download(file)} />
      </div>
    </Dialog>
  );
}

/** The viewer while a file is open (only ever in the browser: the page opens it once hydrated). */
export function FileViewer({ me, download }: { me: number; download: (file: FileEntity) => void }) {
  useSignals();
  const shown = useDrive().viewing.value;
  if (!shown) return null;
  return <ViewerDialog key={shown.file.token} file={shown.file} canAdd={shown.file.owner.id !== me && !shown.added} download={download} />;
}
