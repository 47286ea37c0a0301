import type { CalcResult } from "../../src/modules/calc/presenter";

/** A number as people read it (up to 4 decimals, trailing zeros trimmed, as tables show them). */
const shown = (value: string | number | boolean | null, locale: string) =>
  typeof value === "number" ? value.toLocaleString(locale, { maximumFractionDigits: 4 }) : value === null ? "" : String(value);

/** The result of calc/invoke as elements: the server's sanitised HTML, a table, or the value's text. */
export function renderResult(result: CalcResult, locale: string): HTMLElement {
  if (result.kind === "html") {
    const box = document.createElement("div");
    box.className = "cv__html";
    box.innerHTML = result.result; // cleaned on the server (sanitize.ts, setting calcResult)
    return box;
  }
  if (result.kind === "text") {
    const text = document.createElement("pre");
    text.className = "cv__text";
    text.textContent = result.result;
    return text;
  }
  const scroll = document.createElement("div");
  scroll.className = "cv__table";
  scroll.tabIndex = 0;
  const table = document.createElement("table");
  table.className = "list";
  const head = table.createTHead().insertRow();
  for (const header of result.result.headers) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = header;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of result.result.rows) {
    const tr = body.insertRow();
    for (const value of row) tr.insertCell().textContent = shown(value, locale);
  }
  scroll.append(table);
  return scroll;
}
