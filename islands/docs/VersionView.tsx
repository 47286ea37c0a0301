import { mdiDownload, mdiFileDocumentOutline } from "@mdi/js";
import { isImageName } from "../../src/lib/file-types";
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
 * version with it, the DOC viewer of split screen the newest one. Renaming the version shows it on.
 */
export function VersionView({ version, onArticle }: { version: Version; onArticle?: (article: HTMLElement | null) => void }) {
  if (version.type === "MS_DOC") return <DocxView key={version.id} versionId={version.id} onArticle={onArticle} />;
  if (version.type === "PDF") return <PdfVersion key={version.id} version={version} />;
  if (isImageName(version.fileName)) {
    return (
      <div className="docv-image">
        <img src={fileUrl(version.id, true)} alt={version.name} />
      </div>
    );
  }
  return <Unsupported version={version} />;
}
