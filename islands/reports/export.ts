import { ApiError, PROOF_HEADERS } from "../lib/api";
import { t } from "../lib/i18n";
import type { Report } from "./report";

/** The spec's timeout for a report export (5 min). */
const EXPORT_TIMEOUT = 300_000;

/** The report's charts drawn still, as PNG data URLs by id; a chart that cannot be drawn is left out (it exports as the neutral block). */
async function chartImages(report: Report): Promise<Record<string, string>> {
  const charts = report.blocks.filter((block) => block.dataType === "CHART");
  if (!charts.length) return {};
  const { chartImage } = await import("../charts/image");
  const images: Record<string, string> = {};
  for (const chart of charts) {
    try {
      images[chart.id] = await chartImage(chart.id, 900, 450);
    } catch {
      // Drawn neutral: the chart's table or columns are gone.
    }
  }
  return images;
}

/**
 * report/export: sends the charts as this page draws them and answers the PDF or DOCX the server
 * writes, with the report's name as its file name. Throws ApiError on failure. A plain fetch: the
 * typed client reads every answer as text or JSON, and this one is a file.
 */
export async function exportReport(report: Report, format: "pdf" | "docx"): Promise<{ blob: Blob; name: string }> {
  const images = await chartImages(report);
  let response: Response;
  try {
    response = await fetch(`/api/report/export/${report.id}?format=${format}`, {
      method: "POST",
      headers: { ...PROOF_HEADERS, "content-type": "application/json" },
      body: JSON.stringify({ images }),
      credentials: "same-origin",
      signal: AbortSignal.timeout(EXPORT_TIMEOUT),
    });
  } catch {
    throw new ApiError(0, "network", t("error.network"));
  }
  if (!response.ok) {
    const failure = await response.json().catch(() => null);
    throw new ApiError(response.status, failure?.error ?? "error", failure?.message ?? t("report.exportFailed"));
  }
  return { blob: await response.blob(), name: `${report.name}.${format}` };
}
