/**
 * /shared-file/{token}: the full-screen viewer of a file shared by link, open to anyone. PDFs drawn by
 * pdf.js, text shown as text; download, and "add to my files" for someone signed in who is not its
 * owner. Signed in, Close and Escape go back to the drive; signed out there is nothing to close to.
 */
import { mdiClose, mdiDownload, mdiFilePlusOutline } from "@mdi/js";
import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { shortName } from "../lib/files";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { addToMyFiles } from "./common";
import { FilePreview } from "./FilePreview";
import { iconOf } from "./type-icons";
import { useDownload } from "./useDownload";
import "./shared-file.css";

interface Props {
  /** The file as the link shows it: its token is the one the visitor reached it by. */
  file: { name: string; token: string; type: string };
  canAdd: boolean;
  signedIn: boolean;
}

function AddToMine({ token }: { token: string }) {
  const { t } = useT();
  const [state, setState] = useState<"idle" | "busy" | "added">("idle");
  if (state === "added") return null;
  const add = async () => {
    setState("busy");
    try {
      await addToMyFiles(token);
      snack(t("drive.fileAdded"), "success");
      setState("added");
    } catch (error) {
      setState("idle");
      reportFailure(error, t("drive.addingFilesFailed"));
    }
  };
  return (
    <button type="button" className="btn" disabled={state === "busy"} onClick={add}>
      <Icon path={mdiFilePlusOutline} /> <span>{t("drive.addToMyFiles")}</span>
    </button>
  );
}

function SharedFileView({ file, canAdd, signedIn }: Props) {
  const { t } = useT();
  const [anchor, download] = useDownload();
  useEffect(() => {
    if (!signedIn) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && !event.defaultPrevented && location.assign("/drive");
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [signedIn]);
  return (
    <div className="sf">
      <header className="sf__bar">
        <span className="sf__icon">
          <Icon path={iconOf(file)} />
        </span>
        <h1 className="sf__name" title={file.name}>
          <span className="sf__wide">{shortName(file.name, 45)}</span>
          <span className="sf__narrow" aria-hidden="true">
            {shortName(file.name, 15)}
          </span>
        </h1>
        {canAdd && <AddToMine token={file.token} />}
        <button type="button" className="icon-btn" title={t("drive.download")} aria-label={t("drive.download")} onClick={() => download(file)}>
          <Icon path={mdiDownload} />
        </button>
        {signedIn && (
          <a className="icon-btn" href="/drive" title={t("common.close")} aria-label={t("common.close")}>
            <Icon path={mdiClose} />
          </a>
        )}
      </header>
      <main className="sf__stage" data-stage tabIndex={0}>
        <FilePreview file={file} bigIcon onDownload={() => download(file)} />
      </main>
      {anchor}
    </div>
  );
}

export default function SharedFile({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <SharedFileView {...props} />
    </Localized>
  );
}
