import { type ComponentType, useEffect, useState } from "react";
import { reportFailure } from "../lib/failures";
import { useT } from "../lib/ui/i18n";
import { fileUrl, type Version } from "./common";
import { type PdfFile, startPdf } from "./pdf-fetch";
import { PdfProgress, usePdfProgress } from "./PdfProgress";
import { PdfTextPage } from "./PdfTextPage";
import { StageMessage } from "./StageMessage";

type Viewer = ComponentType<{ source: PdfFile; onError: (error: unknown) => void; onFirstPage: () => void }>;

/**
 * A PDF version in the pdf.js viewer (pdf.tsx, imported when a PDF is shown): the worker and the file's
 * first and last chunks start at once, while pdf.js itself comes, and the progress shows meanwhile, over
 * the `firstPage`'s text when the server has read it, until the page is drawn.
 */
export function PdfVersion({ version, firstPage }: { version: Version; firstPage?: string }) {
  const { t } = useT();
  const [file, setFile] = useState<PdfFile>();
  const [Viewer, setViewer] = useState<Viewer | null>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [loaded, total] = usePdfProgress(file);
  useEffect(() => {
    const controller = new AbortController();
    const fail = (error: unknown) => {
      if (controller.signal.aborted) return;
      setFailed(true);
      reportFailure(error);
    };
    setFailed(false);
    setViewer(null);
    try {
      setFile(startPdf(fileUrl(version.id, true), version.size, controller.signal));
      import("./pdf").then(({ PdfViewer }) => controller.signal.aborted || setViewer(() => PdfViewer), fail);
    } catch (error) {
      fail(error);
    }
    return () => controller.abort();
  }, [version.id, version.size]);
  if (failed) return <StageMessage text={t("docs.readingError")} error />;
  const textPage = firstPage && !drawn ? <PdfTextPage text={firstPage} loaded={loaded} total={total} /> : null;
  const viewer = Viewer && file && <Viewer source={file} onError={(error) => (setFailed(true), reportFailure(error))} onFirstPage={() => setDrawn(true)} />;
  if (!textPage) return viewer || <PdfProgress loaded={loaded} total={total} />;
  return (
    <div className="pdfv-stage">
      {viewer}
      {textPage}
    </div>
  );
}
