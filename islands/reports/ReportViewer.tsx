import { mdiFileDocumentOutline, mdiFilePdfBox, mdiPencil } from "@mdi/js";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { errorText, reportFailure } from "../lib/failures";
import { call } from "../lib/server";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { useSaveFile } from "../lib/ui/useSaveFile";
import type { ViewerContext } from "../viewers/registry";
import { reportRoute, type Report } from "./report";
import { ReportBody } from "./ReportBody";

// Tiptap comes with the editor, when a moderator asks to edit.
const ReportEditor = lazy(() => import("./ReportEditor"));

const EXPORTS = [
  ["report.exportPdf", mdiFilePdfBox, "pdf"],
  ["report.exportDocx", mdiFileDocumentOutline, "docx"],
] as const;

/** An export button: busy (and deaf to clicks) while the file is made. */
function ExportButton({ report, format, label, path }: { report: Report; format: "pdf" | "docx"; label: string; path: string }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [anchor, save] = useSaveFile();
  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { exportReport } = await import("./export");
      const file = await exportReport(report, format);
      save(file.blob, file.name);
    } catch (error) {
      reportFailure(error, t("report.exportFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn btn--ghost" disabled={busy} aria-busy={busy || undefined} onClick={run}>
        <Icon path={path} />
        {label}
      </button>
      {anchor}
    </>
  );
}

/**
 * The REPORT viewer (spec 2, "Report view"): the report's rich text with its placeholders drawn as the
 * live tables and charts they name (only those the reader may see), export to PDF and DOCX, and for
 * moderators an edit mode on a draft copy. Compact (dashboard, split screen) it shows the report alone.
 */
export function ReportViewer({ dataId, canModerate, compact }: ViewerContext) {
  const { t } = useT();
  const [report, setReport] = useState<Report>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState(false);
  const edit = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    call(reportRoute(dataId).get({ fetch: { signal: controller.signal } })).then(setReport, (error) => {
      if (!controller.signal.aborted) setFailure(errorText(error));
    });
    return () => controller.abort();
  }, [dataId]);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    edit.current?.focus();
  }, [editing]);

  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  const bar = report && !compact && (
    <div className="rp__bar" role="toolbar" aria-label={t("report.actions")}>
      {canModerate && (
        <button type="button" className="btn btn--ghost" ref={edit} onClick={() => setEditing(true)}>
          <Icon path={mdiPencil} />
          {t("report.edit")}
        </button>
      )}
      {EXPORTS.map(([key, path, format]) => (
        <ExportButton key={format} report={report} format={format} label={t(key)} path={path} />
      ))}
    </div>
  );
  return (
    <div className={compact ? "rp rp--compact" : "rp"}>
      <div className="rp__view" hidden={editing}>
        {bar}
        {failure ? (
          <div className="rp__body">
            <p className="rp__error">{`${t("report.loadError")}: ${failure}`}</p>
          </div>
        ) : (
          report && <ReportBody report={report} />
        )}
      </div>
      {editing && report && (
        <Suspense fallback={null}>
          <ReportEditor report={report} onSaved={setReport} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
