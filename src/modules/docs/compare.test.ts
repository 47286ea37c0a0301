import { describe, expect, test } from "bun:test";
import { diffHtml } from "../../lib/html-diff";

// The document page's version compare (src/lib/html-diff.ts) on the HTML the converter makes.

/** The marked pieces of a diff, as «+text» and «-text». */
const changes = (html: string) => Array.from(html.matchAll(/<(ins|del)\b[^>]*>([^<]*)<\/\1>/g), ([, tag, text]) => `${tag === "ins" ? "+" : "-"}${text.replaceAll("&nbsp;", " ").trim()}`);

describe("version compare", () => {
  test("marks whole words in Russian, Spanish, Greek and English, never single letters", () => {
    expect(changes(diffHtml("<p>Сдать отчёт в марте до пятницы.</p>", "<p>Сдать отчёт в марте и апреле до пятницы.</p>"))).toEqual(["+и апреле"]);
    expect(changes(diffHtml("<p>Срок — марте.</p>", "<p>Срок — апреле.</p>"))).toEqual(["-марте", "+апреле"]);
    expect(changes(diffHtml("<p>Revisión de la información técnica.</p>", "<p>Revisión de las informaciones técnicas.</p>"))).toEqual([
      "-la",
      "+las",
      "-información",
      "+informaciones",
      "-técnica",
      "+técnicas",
    ]);
    expect(changes(diffHtml("<p>Η γέφυρα είναι ασφαλής.</p>", "<p>Η γέφυρα δεν είναι ασφαλής.</p>"))).toEqual(["+δεν"]);
    expect(changes(diffHtml("<p>Corrosion on pier three.</p>", "<p>Corrosion on pier four.</p>"))).toEqual(["-three", "+four"]);
  });

  test("leaves tags, attributes and text that looks like its stand-ins as they were", () => {
    const before = '<h1 id="h-1">Отчёт plx0q</h1><p><img src="data:image/png;base64,AAAA" alt="Схема plx1q"></p><p>старый текст</p>';
    const after = '<h1 id="h-1">Отчёт plx0q</h1><p><img src="data:image/png;base64,AAAA" alt="Схема plx1q"></p><p>новый текст</p>';
    const diff = diffHtml(before, after);
    expect(diff).toContain('<h1 id="h-1">Отчёт plx0q</h1>');
    expect(diff).toContain('alt="Схема plx1q"');
    expect(changes(diff)).toEqual(["-старый", "+новый"]);
  });
});
