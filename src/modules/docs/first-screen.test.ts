import { describe, expect, test } from "bun:test";
import { firstPageText, firstScreen } from "./first-screen";

describe("a Word body's first screen", () => {
  const block = (i: number) => `<h1 id="h-${i}">Раздел ${i}</h1><p>Текст <strong>раздела</strong> ${i}<br/><img src="/p?n=${i}" alt=""></p>`;
  const body = Array.from({ length: 50 }, (_, i) => block(i)).join("") + "<table><tbody><tr><td><p>a</p></td></tr></tbody></table>";

  test("ends between two top-level blocks, past the characters asked for, and is the start of the body", () => {
    const first = firstScreen(body, 500);
    expect(first.length).toBeGreaterThanOrEqual(500);
    expect(body.startsWith(first)).toBe(true);
    expect(first).toMatch(/<\/(h1|p)>$/);
    // Void elements (br, img) open nothing: the cut is not pushed to the end of the body by them.
    expect(first.length).toBeLessThan(600);
  });

  test("never cuts inside a nested element: a table is sent whole", () => {
    const withTable = `<p>${"x".repeat(100)}</p><table><tbody><tr><td><p>one</p></td></tr><tr><td><p>two</p></td></tr></tbody></table><p>after</p>`;
    expect(firstScreen(withTable, 130)).toBe(withTable.slice(0, withTable.indexOf("<p>after")));
  });

  test("a short body is sent whole", () => {
    expect(firstScreen("<p>short</p>", 12_000)).toBe("<p>short</p>");
    expect(firstScreen(body, body.length + 1)).toBe(body);
  });
});

describe("a PDF's first page", () => {
  test("is the text before the first page break", () => {
    expect(firstPageText("Load test report\nPassed\fAppendix", 100)).toBe("Load test report\nPassed");
  });

  test("is cut at a line's end when it is longer than asked, and texts read before page breaks give their start", () => {
    const lines = Array.from({ length: 40 }, (_, i) => `line ${i} of the survey`).join("\n");
    const cut = firstPageText(lines, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(lines.startsWith(cut)).toBe(true);
    expect(lines[cut.length]).toBe("\n");
  });
});
