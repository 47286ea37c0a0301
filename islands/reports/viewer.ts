import { mdiFileDocumentOutline, mdiFilePdfBox, mdiPencil } from "@mdi/js";
import styles from "../../pages/_components/reports/report.css?inline";
import { api } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { t } from "../lib/i18n";
import { adoptStyles } from "../lib/styles";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import { button, element } from "../lib/dom";
import { renderReport, type RenderedReport, type Report } from "./render";

/**
 * The REPORT viewer (spec 2, "Report view"): the report's rich text with its placeholders drawn as
 * the live tables and charts they name (only those the reader may see), export to PDF and DOCX, and
 * for moderators an edit mode on a draft copy (islands/reports/editor.ts, loaded on Edit). Compact
 * (dashboard, split screen) it shows the report alone.
 */
export async function mount(host: HTMLElement, context: ViewerContext): Promise<MountedViewer> {
  adoptStyles(styles);
  const root = element("div", context.compact ? "rp rp--compact" : "rp");
  const bar = element("div", "rp__bar");
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", t("report.actions"));
  const article = element("div", "rp__body");
  const view = element("div", "rp__view");
  view.append(bar, article);
  root.append(view);
  host.append(root);

  let report: Report;
  try {
    report = await api<Report>(`report/get/${context.dataId}`);
  } catch (error) {
    article.replaceChildren(element("p", "rp__error", `${t("report.loadError")}: ${errorText(error)}`));
    return { destroy: () => root.remove() };
  }
  let rendered: RenderedReport = renderReport(article, report);
  let closeEditor: (() => void) | undefined;

  if (!context.compact) {
    const exports = [
      [t("report.exportPdf"), mdiFilePdfBox, "pdf"],
      [t("report.exportDocx"), mdiFileDocumentOutline, "docx"],
    ] as const;
    for (const [label, path, format] of exports) {
      const action = button(label, path);
      action.addEventListener("click", async () => {
        if (action.disabled) return;
        action.disabled = true;
        action.setAttribute("aria-busy", "true");
        try {
          const { downloadReport } = await import("./export");
          await downloadReport(report, format);
        } catch (error) {
          reportFailure(error, t("report.exportFailed"));
        } finally {
          action.disabled = false;
          action.removeAttribute("aria-busy");
        }
      });
      bar.append(action);
    }
  }
  if (!context.compact && context.canModerate) {
    const edit = button(t("report.edit"), mdiPencil);
    edit.addEventListener("click", async () => {
      const { openReportEditor } = await import("./editor");
      view.hidden = true;
      closeEditor = openReportEditor({
        host: root,
        report,
        onSaved: (saved) => {
          report = saved;
          rendered.destroy();
          rendered = renderReport(article, report);
        },
        onClose: () => {
          closeEditor = undefined;
          view.hidden = false;
          edit.focus();
        },
      });
    });
    bar.prepend(edit);
  }
  if (!bar.childElementCount) bar.remove();

  return {
    destroy() {
      closeEditor?.();
      rendered.destroy();
      root.remove();
    },
  };
}
