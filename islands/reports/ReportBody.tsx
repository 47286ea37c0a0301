import { useT } from "../lib/ui/i18n";
import { EmbeddedBlock, UnavailableBlock } from "./EmbeddedBlock";
import type { Report } from "./report";
import { isBlank, reportSegments } from "./segments";

/**
 * The report's sanitised body, each placeholder drawn by the viewer of its item's type (compact) when
 * the server listed it among the blocks the reader may see, else as the neutral block, which names nothing.
 */
export function ReportBody({ report }: { report: Report }) {
  const { t } = useT();
  if (isBlank(report.body)) {
    return (
      <div className="rp__body">
        <p className="rp__empty">{t("report.empty")}</p>
      </div>
    );
  }
  return (
    <div className="rp__body">
      {reportSegments(report.body).map((segment, index) => {
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitised by the server (report settings).
        if ("html" in segment) return <div key={index} className="rp__part" dangerouslySetInnerHTML={{ __html: segment.html }} />;
        const block = report.blocks.find((candidate) => candidate.id === segment.dataId);
        // Keyed by the item too: another item in this place gets a fresh element for its viewer.
        return block ? <EmbeddedBlock key={`${index}:${block.id}`} block={block} projectId={report.projectId} /> : <UnavailableBlock key={index} dataId={segment.dataId} />;
      })}
    </div>
  );
}
