// A 20-page report (headings, paragraphs and tables embedded as [DATA-n]) exported to PDF through
// app.handle, as a member asks for it: the time, the process's RSS growth while it is written (the
// export worker is in this process), and the event loop's worst lag meanwhile, beside the same report
// to DOCX and a 1-page report to PDF in the same rounds. `bun bench/report-bench.ts` runs it alone.
import { extractText } from "unpdf";
import { factories } from "../src/testing/factories";
import { OWN_PAGE_HEADERS, testApp } from "../src/testing/harness";
import type { Figure } from "./chat-load";

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const WORDS = "опора пролёт нагрузка mooring survey bridge deck bearing joint inspection результат measured cable anchor".split(" ");
const paragraph = (seed: number) => `<p>${Array.from({ length: 90 }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(" ")}.</p>`;

/** The event loop's worst lag over `ms` with nothing to do: what this machine's load alone costs. */
async function idleLag(ms: number) {
  let lag = 0;
  let last = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 5);
    last = now;
  }, 5);
  await Bun.sleep(ms);
  clearInterval(watch);
  return lag;
}

/** Exports `id` once; answers the time, the peak RSS growth and the worst event-loop lag while it ran, and the bytes. */
async function exportOnce(t: ReturnType<typeof testApp>, cookie: string, id: number, format: "pdf" | "docx") {
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  let lag = 0;
  let last = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 5);
    last = now;
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  const response = await t.app.handle(
    new Request(`http://plexus.test/api/report/export/${id}?format=${format}`, {
      method: "POST",
      headers: { ...OWN_PAGE_HEADERS, cookie, "content-type": "application/json" },
      body: "{}",
    }),
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - started;
  clearInterval(watch);
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  return { ms, rss: peak - rssBefore, lag, bytes };
}

export async function reportBench(): Promise<Figure[]> {
  const t = testApp();
  try {
    const f = factories(t);
    const s = await f.projectScene();
    const tables = Array.from({ length: 5 }, (_, n) =>
      f.table(s.project.id, {
        name: `Таблица ${n + 1}`,
        headers: ["Узел", "Нагрузка, кН", "Прогиб, мм", "Состояние"],
        rows: Array.from({ length: 15 }, (_, r) => [`Опора ${r + 1}`, 100 + r * 7.25, r / 3, r % 3 ? "исправна" : "требует осмотра"]),
      }),
    );
    const sections = Array.from({ length: 20 }, (_, n) => `<h2>Раздел ${n + 1}</h2>${paragraph(n)}${paragraph(n + 1)}<p>[DATA-${tables[n % 5]!.id}]</p>${paragraph(n + 2)}${paragraph(n + 3)}`);
    const long = f.dataItem(s.project.id, { name: "Годовой отчёт", dataType: "REPORT", body: sections.join("") });
    const short = f.dataItem(s.project.id, { name: "Справка", dataType: "REPORT", body: sections[0] });
    const cookie = s.member.cookie;

    await exportOnce(t, cookie, short.id, "pdf"); // the worker and pdfmake's fonts, once
    const runs = { long: [] as Awaited<ReturnType<typeof exportOnce>>[], docx: [] as Awaited<ReturnType<typeof exportOnce>>[], short: [] as Awaited<ReturnType<typeof exportOnce>>[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.long.push(await exportOnce(t, cookie, long.id, "pdf"));
      runs.docx.push(await exportOnce(t, cookie, long.id, "docx"));
      runs.short.push(await exportOnce(t, cookie, short.id, "pdf"));
    }
    const pages = (await extractText(runs.long[0]!.bytes.slice())).totalPages;
    const shortPages = (await extractText(runs.short[0]!.bytes.slice())).totalPages;
    const ms = median(runs.long.map((r) => r.ms));
    const docxMs = median(runs.docx.map((r) => r.ms));
    const shortMs = median(runs.short.map((r) => r.ms));
    const rss = Math.max(...runs.long.map((r) => r.rss)) / 1024 / 1024;
    const lag = median(runs.long.map((r) => r.lag));
    const idle = await idleLag(ms);
    return [
      [`report export to PDF, ${pages} pages with 20 tables, median of ${ROUNDS}`, ms, "ms", {
        baseline: `the same report to DOCX ${docxMs.toFixed(0)} ms; a ${shortPages}-page report to PDF ${shortMs.toFixed(0)} ms`,
        ratio: ms / shortMs,
        target: "under 10 s (the spec allows 5 min)",
        pass: ms < 10_000 && pages >= 20,
      }],
      [`report export to PDF: peak RSS growth while writing ${pages} pages`, rss, "MB", { target: "under 300 MB", pass: rss < 300 }],
      [`report export to PDF: worst event-loop lag while writing (in the worker), median of ${ROUNDS}`, lag, "ms", {
        baseline: `the same time idle ${idle.toFixed(0)} ms`,
        target: "under 100 ms more than idle",
        pass: lag - idle < 100,
      }],
    ];
  } finally {
    await t.close();
  }
}

if (import.meta.main) for (const [name, value, unit, opts] of await reportBench()) console.log(name, value.toFixed(1), unit, JSON.stringify(opts));
