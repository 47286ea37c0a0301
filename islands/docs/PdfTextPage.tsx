import { useT } from "../lib/ui/i18n";
import { PdfProgress } from "./PdfProgress";

/**
 * A PDF's first page as the text the server read from it, shown over the viewer until pdf.js has drawn
 * the page (on a slow link its worker alone takes seconds): the reader starts reading at once.
 */
export function PdfTextPage({ text, loaded, total }: { text: string; loaded: number; total: number }) {
  const { t } = useT();
  return (
    <div className="pdfv-text">
      <PdfProgress loaded={loaded} total={total} />
      <article className="pdfv-text__page" data-pdf-text tabIndex={0} aria-label={t("docs.pdf.firstPageText")}>
        {text}
      </article>
    </div>
  );
}
