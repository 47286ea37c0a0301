import { describe, expect, test } from "bun:test";
import { isBlank, reportSegments } from "./segments";

describe("a report body cut at its placeholders", () => {
  test("a paragraph holding only a placeholder becomes the block, the rest stays HTML", () => {
    expect(reportSegments("<p>Intro.</p><p>[DATA-12]</p><p> [DATA-7] </p><h2>End</h2>")).toEqual([
      { html: "<p>Intro.</p>" },
      { dataId: 12 },
      { dataId: 7 },
      { html: "<h2>End</h2>" },
    ]);
  });

  test("a placeholder inside text cuts the text; one in an attribute is not a placeholder", () => {
    expect(reportSegments('<p>See [DATA-3] and <a href="/x?[DATA-4]">[DATA-5]</a>.</p>')).toEqual([
      { html: "<p>See " },
      { dataId: 3 },
      { html: ' and <a href="/x?[DATA-4]">' },
      { dataId: 5 },
      { html: "</a>.</p>" },
    ]);
  });

  test("text that only looks like a placeholder stays text", () => {
    expect(reportSegments("<p>[DATA-0] [DATA-x] [data-1]</p>")).toEqual([{ html: "<p>[DATA-0] [DATA-x] [data-1]</p>" }]);
  });

  test("blank: no text, picture or table", () => {
    expect(isBlank("")).toBe(true);
    expect(isBlank("<p> &nbsp;</p><p></p>")).toBe(true);
    expect(isBlank("<p><img src=\"/a.png\"></p>")).toBe(false);
    expect(isBlank("<p>[DATA-1]</p>")).toBe(false);
  });
});
