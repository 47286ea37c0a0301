import type { Wire } from "../../src/lib/responses";
import { dataItemPath } from "../../src/lib/data-paths";
import { PLACEHOLDER } from "../../src/modules/reports/placeholders";
import type { PresentedReport } from "../../src/modules/reports/presenter";
import { t, tf } from "../lib/i18n";
import { mountViewer, type MountedViewer } from "../viewers/registry";
import { element } from "../lib/dom";

export type Report = Wire<PresentedReport>;

/** A drawn report; destroy() releases its blocks' viewers. */
export interface RenderedReport {
  destroy(): void;
}

/** One placeholder, without the shared pattern's global state (matchAll starts where a test() left it). */
const ANY_PLACEHOLDER = new RegExp(PLACEHOLDER.source);

/** The text nodes under `root` that name a placeholder. */
function placeholderTexts(root: HTMLElement): Text[] {
  const found: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (ANY_PLACEHOLDER.test(node.nodeValue ?? "")) found.push(node as Text);
  return found;
}

/** Puts a block element where each placeholder is: in place of a paragraph that holds nothing else, else inside the text. */
function placeBlocks(root: HTMLElement): { id: number; host: HTMLElement }[] {
  const placed: { id: number; host: HTMLElement }[] = [];
  for (const text of placeholderTexts(root)) {
    const value = text.nodeValue ?? "";
    const parts: (string | HTMLElement)[] = [];
    let from = 0;
    for (const match of value.matchAll(PLACEHOLDER)) {
      if (match.index > from) parts.push(value.slice(from, match.index));
      const host = element("div", "rp-block");
      host.dataset.dataId = match[1];
      placed.push({ id: Number(match[1]), host });
      parts.push(host);
      from = match.index + match[0].length;
    }
    if (from < value.length) parts.push(value.slice(from));
    const paragraph = text.parentElement;
    if (paragraph?.tagName === "P" && paragraph.childNodes.length === 1 && parts.every((part) => typeof part !== "string" || !part.trim())) {
      paragraph.replaceWith(...parts.filter((part) => typeof part !== "string"));
    } else text.replaceWith(...parts);
  }
  return placed;
}

/**
 * The report's sanitised body in `article`, each placeholder drawn by the viewer of its item's type
 * (compact) when the server listed it among the blocks the reader may see, else as the neutral
 * block, which names nothing.
 */
export function renderReport(article: HTMLElement, report: Report): RenderedReport {
  article.innerHTML = report.body;
  if (!article.textContent?.trim() && !article.querySelector("img, table")) article.replaceChildren(element("p", "rp__empty", t("report.empty")));
  const viewers: Promise<MountedViewer | undefined>[] = [];
  for (const { id, host } of placeBlocks(article)) {
    const block = report.blocks.find((candidate) => candidate.id === id);
    if (!block) {
      host.classList.add("rp-block--none");
      host.append(element("p", undefined, t("report.unavailable")));
      continue;
    }
    host.classList.add(`rp-block--${block.dataType.toLowerCase()}`);
    const context = { dataId: id, projectId: report.projectId, canModerate: false, compact: true };
    const mounted = mountViewer(block.dataType, host, context).then((viewer) => {
      if (viewer) return viewer;
      const link = element("a", undefined, tf("report.openData", { type: t(`report.kind.${block.dataType}`) }));
      link.href = dataItemPath(report.projectId, block.dataType, id);
      host.append(link);
      return undefined;
    });
    viewers.push(mounted.catch(() => undefined));
  }
  return {
    destroy() {
      for (const viewer of viewers) void viewer.then((mounted) => mounted?.destroy());
    },
  };
}
