import { mdiDelete, mdiDownload, mdiPaperclip } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
import { FilePreview } from "../../drive/FilePreview";
import { reportFailure } from "../../lib/failures";
import { sizeText, userFileUrl } from "../../lib/files";
import { snack } from "../../lib/snackbar";
import { useConfirm } from "../../lib/ui/Confirm";
import { Icon } from "../../lib/ui/Icon";
import { useT } from "../../lib/ui/i18n";
import { AssetRow, AssetViewer } from "./AssetParts";
import type { Asset, AttachedFile } from "./asset-store";

/** An attached file in the drive's viewer (images, PDFs, text; anything else offers its download). */
function FileViewerDialog({ file, onClose }: { file: AttachedFile; onClose: () => void }) {
  const { t } = useT();
  const download = () => location.assign(userFileUrl(file.token));
  const action = (
    <a className="btn btn--ghost" href={userFileUrl(file.token)} download={file.name}>
      <Icon path={mdiDownload} /> {t("drive.download")}
    </a>
  );
  return (
    <AssetViewer title={file.name} action={action} onClose={onClose}>
      <FilePreview key={file.token} file={file} onDownload={download} />
    </AssetViewer>
  );
}

/** The files attached to the object: readers open them; editors upload more (into their own drive) and remove them. */
export function AttachedFilesList({ asset, canEdit }: { asset: Asset; canEdit: boolean }) {
  useSignals();
  const { t, tf } = useT();
  const [question, ask] = useConfirm();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [viewed, setViewed] = useState<AttachedFile | null>(null);
  const list = asset.files.value;
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      await asset.uploadFile(file);
      snack(t("map.asset.fileAdded"), "success");
    } catch (error) {
      reportFailure(error);
    } finally {
      setUploading(false);
      if (picker.current) picker.current.value = "";
    }
  };
  const remove = async (file: AttachedFile) => {
    if (!(await ask({ title: t("map.asset.removeFileTitle"), text: tf("map.asset.removeFileText", { name: file.name }), confirm: t("map.asset.remove") }))) return;
    try {
      await asset.detachFile(file.id);
      snack(t("map.asset.fileRemoved"), "success");
    } catch (error) {
      reportFailure(error, t("map.asset.fileRemoveFailed"));
    }
  };
  return (
    <section className="asset__section" aria-labelledby="asset-files">
      <div className="asset__head">
        <h3 id="asset-files">{t("map.asset.files")}</h3>
        {canEdit && (
          <>
            <button type="button" className="btn btn--ghost" disabled={uploading} aria-busy={uploading} onClick={() => picker.current?.click()}>
              <Icon path={mdiPaperclip} /> {uploading ? t("map.asset.uploading") : t("map.asset.attachFile")}
            </button>
            <input ref={picker} type="file" hidden aria-label={t("map.asset.attachFile")} onChange={(event) => void upload(event.target.files?.[0])} />
          </>
        )}
      </div>
      {list && !list.length && <p className="asset__empty">{t("map.asset.noFiles")}</p>}
      <ul className="asset__list">
        {list?.map((file) => (
          <AssetRow key={file.id} name={file.name} kind={sizeText(file.size)} onOpen={() => setViewed(file)} removeIcon={mdiDelete} onRemove={canEdit ? () => void remove(file) : undefined} />
        ))}
      </ul>
      {viewed && <FileViewerDialog file={viewed} onClose={() => setViewed(null)} />}
      {question}
    </section>
  );
}
