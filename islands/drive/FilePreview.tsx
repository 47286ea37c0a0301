import { mdiDownload } from "@mdi/js";
import { useEffect, useRef, useState } from "react";
import { previewKind } from "../../src/lib/file-types";
import { userFileUrl } from "../lib/files";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { sizeFormat } from "./format";
import { PdfStage } from "./PdfStage";
import { readText, TEXT_PREVIEW_BYTES } from "./text-preview";
import { iconOf } from "./type-icons";
import "./viewer.css";

/** What the viewer needs of a file: its name, the token it was reached by, and its type for the icon. */
interface PreviewFile {
  name: string;
  token: string;
  type: string;
}

/** A short status line where the file would be. */
function Note({ text, error }: { text: string; error?: boolean }) {
  return (
    <p className={`viewer-note viewer-note--${error ? "error" : "info"}`} role={error ? "alert" : undefined}>
      {text}
    </p>
  );
}

/** What is shown for a type the viewer does not render: a notice and a download button (with the type's big icon on the shared-file page). */
function Unsupported({ file, bigIcon, onDownload }: { file: PreviewFile; bigIcon?: boolean; onDownload: () => void }) {
  const { t } = useT();
  return (
    <div className="viewer-unsupported">
      {bigIcon && (
        <span className="viewer-big-icon">
          <Icon path={iconOf(file)} />
        </span>
      )}
      <Note text={t("drive.unsupported")} />
      <button type="button" className="btn" onClick={onDownload}>
        <Icon path={mdiDownload} /> {t("drive.download")}
      </button>
    </div>
  );
}

/** A text file's beginning as plain text (markup in it stays text). */
function TextPreview({ file, onFailed }: { file: PreviewFile; onFailed: (error: unknown) => void }) {
  const strings = useT();
  const [read, setRead] = useState<{ text: string; more: boolean } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    readText(file.token, controller.signal).then(setRead, (error) => controller.signal.aborted || onFailed(error));
    return () => controller.abort();
  }, [file.token]);
  if (!read) return <Note text={strings.t("common.loading")} />;
  return (
    <>
      {read.more && <Note text={strings.tf("drive.textTruncated", { size: sizeFormat(strings)(TEXT_PREVIEW_BYTES) })} />}
      <pre className="viewer-text">{read.text}</pre>
    </>
  );
}

/** An image; one that does not load (before the page's script ran too) says accessDenied. */
function ImagePreview({ file, onFailed }: { file: PreviewFile; onFailed: () => void }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (image.current!.complete && !image.current!.naturalWidth) onFailed();
  }, []);
  return <img ref={image} className="viewer-image" src={userFileUrl(file.token, true)} alt={file.name} onError={onFailed} />;
}

/**
 * A file shown for reading: images as they are, PDFs drawn by pdf.js, text files' beginning as text,
 * anything else as unsupported with a download button. A file that cannot be read says accessDenied.
 * Give it `key={file.token}`, so that another file starts afresh.
 */
export function FilePreview({ file, bigIcon, onDownload }: { file: PreviewFile; bigIcon?: boolean; onDownload: () => void }) {
  const { t } = useT();
  const [failed, setFailed] = useState(false);
  const kind = previewKind(file.name);
  const fail = (error?: unknown) => {
    if (error) console.error(error);
    setFailed(true);
  };
  if (failed)
    return (
      <>
        <Note text={t("drive.accessDenied")} error />
        {kind !== "image" && <Unsupported file={file} onDownload={onDownload} />}
      </>
    );
  if (kind === "image") return <ImagePreview file={file} onFailed={() => fail()} />;
  if (kind === "text") return <TextPreview file={file} onFailed={fail} />;
  if (kind === "pdf") return <PdfStage token={file.token} onFailed={fail} />;
  return <Unsupported file={file} bigIcon={bigIcon} onDownload={onDownload} />;
}
