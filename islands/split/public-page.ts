import { highlight } from "../docs/highlight";
import { t, tf } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { matcherFor } from "../../src/lib/text-fold";
import type { Wire } from "../../src/lib/responses";
import type { PresentedPublicData } from "../../src/modules/public-data/presenter";

/**
 * The public data page's tools: share copies the page's address, info shows the description, and the search
 * keeps the table rows that hold the words (this page's rows) or marks the hits in a document or report.
 */
export function publicPage() {
  const share = document.getElementById("pub-share")!;
  share.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href.split("?")[0]);
      snack(t("viewer.public.copied"), "success");
    } catch {
      // No clipboard (an insecure address, a refused permission): the address is in the bar to copy by hand.
      snack(location.href.split("?")[0]);
    }
  });
  const info = document.getElementById("pub-info");
  const description = document.getElementById("pub-description");
  info?.addEventListener("click", () => {
    const open = info.getAttribute("aria-expanded") !== "true";
    info.setAttribute("aria-expanded", String(open));
    description!.hidden = !open;
  });

  const input = document.getElementById("pub-search") as HTMLInputElement;
  const count = document.getElementById("pub-search-count")!;
  const content = document.getElementById("pub-content")!;
  const rows = [...content.querySelectorAll<HTMLTableRowElement>("tbody tr")];
  const text = content.querySelector<HTMLElement>(".pub__text");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    const term = input.value.trim();
    let hits = 0;
    if (rows.length) {
      const matches = matcherFor(term);
      for (const row of rows) {
        row.hidden = !!term && !matches(row.textContent ?? "").length;
        if (!row.hidden) hits++;
      }
    } else if (text) {
      hits = highlight(text, term).length;
      text.querySelector("mark")?.scrollIntoView({ block: "center" });
    }
    count.textContent = !term ? "" : hits ? tf("viewer.public.hits", { n: hits }) : t("viewer.public.noHits");
  };
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  });
  drawPublicChart();
}

/** A chart's drawing, given in the page, drawn by the charts' own figure (Chart.js loaded only here, on demand). */
async function drawPublicChart() {
  const box = document.getElementById("pub-chart");
  const data = document.getElementById("pub-chart-data");
  if (!box || !data) return;
  const { adoptChartStyles, showFigure } = await import("../charts/figure");
  adoptChartStyles();
  await showFigure(box, JSON.parse(data.textContent ?? "null") as Wire<PresentedPublicData>["chart"] & object, box.dataset.name ?? "");
}
