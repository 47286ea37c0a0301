import { mdiDownload, mdiFileDocumentOutline } from "@mdi/js";
import { isImageName } from "../../src/lib/file-types";
import type { VersionPreview } from "../../src/modules/docs/presenter";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { fileUrl, type Version } from "./common";
import { DocxView } from "./DocxView";
import { PdfVersion } from "./PdfVersion";

/** "This file type cannot be shown here" with its download. */
function Unsupported({ version }: { version: Version }) {
  const { t } = useT();
  return (
    <div className="docv-unsupported">
      <Icon path={mdiFileDocumentOutline} />
      <p>{t("docs.view.unsupported")}</p>
      <a className="btn" href={fileUrl(version.id)} download>
        <Icon path={mdiDownload} /> {t("docs.view.download")}
      </a>
    </div>
  );
}

/**
 * One version of a document: a Word file as structured text (searchable where `onArticle` hears its
 * text), a PDF in the pdf.js viewer, a picture, or a download notice. The document page shows the chosen
 * version with it, the DOC viewer of split screen the newest one. Renaming the version shows it on. `preview`
 * (this version's, rendered by the server) shows while the rest comes.
 */
export function VersionView({ version, preview, onArticle }: { version: Version; preview?: VersionPreview; onArticle?: (article: HTMLElement | null) => void }) {
  if (version.type === "MS_DOC") return <DocxView key={version.id} versionId={version.id} first={preview?.html === undefined ? undefined : preview} onArticle={onArticle} />;
  if (version.type === "PDF") return <PdfVersion key={version.id} version={version} firstPage={preview?.text} />;
  if (isImageName(version.fileName)) {
    return (
      <div className="docv-image">
        <img src={fileUrl(version.id, true)} alt={version.name} />
      </div>
    );
  }
  return <Unsupported version={version} />;
}
