/**
 * Runs in the job worker (src/lib/untrusted-worker.ts): parses the report's sanitised HTML, puts
 * each placeholder's block in its place and writes the PDF or DOCX, so a long report does not hold
 * the event loop while pdfmake lays out its pages.
 */
import { expandPlaceholders, picturesAsText, type ExportLabels, type ReportBlock } from "./blocks";
import { reportDocx } from "./docx";
import { parseHtml } from "./html-tree";
import { reportPdf } from "./pdf";

export interface ExportJob {
  format: "pdf" | "docx";
  title: string;
  html: string;
  /** By data id: the blocks of the placeholders the reader may see. */
  blocks: Record<string, ReportBlock>;
  labels: ExportLabels;
  locale: string;
}

export default async function exportReport(job: ExportJob): Promise<Uint8Array> {
  const root = parseHtml(job.html);
  picturesAsText(root);
  expandPlaceholders(root, job.blocks, job.labels, job.locale);
  return job.format === "pdf" ? reportPdf(root, job.title) : reportDocx(root, job.title);
}
