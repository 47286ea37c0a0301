/**
 * The personal drive (spec 1 section 2 "Drive screen"): the actor's files with search, uploads,
 * preview, download, sharing by link (with an end date and a password) and removal, and how much
 * of the quota they use. /drive/{token} passes `open`, the file to show in the viewer at once (with
 * "add to my files" when it is someone else's), or `openError`, the message key of why it cannot.
 */
import { useEffect, useState } from "react";
import type { Wire } from "../../src/lib/responses";
import type { DriveQuota } from "../../src/modules/drive/presenter";
import type { Locale } from "../../src/lib/i18n";
import { snack } from "../lib/snackbar";
import { useConfirm } from "../lib/ui/Confirm";
import { Localized, useT } from "../lib/ui/i18n";
import { BulkBar } from "./BulkBar";
import type { FileEntity } from "./common";
import { DriveHeader } from "./DriveHeader";
import { FileList } from "./FileList";
import { FileViewer } from "./FileViewer";
import { ShareDialog } from "./ShareDialog";
import { createDriveStore, DriveContext } from "./store";
import { useDownload } from "./useDownload";
import "./drive.css";

interface Props {
  files: FileEntity[];
  quota: Wire<DriveQuota>;
  /** The signed-in person's id: their own files need no "add to my files". */
  me: number;
  open: FileEntity | null;
  openError: "drive.fileNotExist" | "drive.accessDenied" | "error.share_expired" | null;
}

function Drive({ files, quota, me, open, openError }: Props) {
  const { t, tf } = useT();
  const [store] = useState(() => createDriveStore(files, quota));
  const [anchor, download] = useDownload();
  const [question, ask] = useConfirm();

  async function remove(ids: number[]) {
    const shared = ids.map(store.byId).filter((file) => file?.isShared);
    // Spec 1 section 4: removing a shared file needs confirmation first.
    if (shared.length) {
      const text = ids.length === 1 ? tf("drive.removeSharedConfirm", { name: shared[0]!.name }) : tf("drive.removeSharedManyConfirm", { count: ids.length });
      if (!(await ask({ title: t("drive.remove"), text, confirm: t("drive.remove") }))) return;
    }
    await store.remove(ids);
  }

  // /drive/{token}: the shared file opens at once; a link that does not work says why.
  useEffect(() => {
    if (open) store.view(open);
    else if (openError) {
      snack(t(openError), "error");
      history.replaceState(null, "", "/drive");
    }
  }, []);

  return (
    <DriveContext.Provider value={store}>
      <div className="drive">
        <DriveHeader />
        <BulkBar remove={remove} />
        <FileList actions={{ download, remove }} />
      </div>
      <FileViewer me={me} download={download} />
      <ShareDialog />
      {question}
      {anchor}
    </DriveContext.Provider>
  );
}

export default function DrivePage({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Drive {...props} />
    </Localized>
  );
}
