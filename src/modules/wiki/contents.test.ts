import { describe, expect, test } from "bun:test";
import { sanitize } from "../../lib/sanitize";
import { withContents } from "./contents";

describe("an article's table of contents", () => {
  test("anchors each heading of the stored HTML and lists them in order, text only, entities read", () => {
    const stored = sanitize('<h2 id="x" class="y">Setup &amp; <em>tools</em></h2><p>a</p><h3>Backups</h3><h4>Restoring «архив»</h4><h2> </h2><h5>deep</h5>', "wiki");
    const { html, headings } = withContents(stored);
    expect(headings).toEqual([
      { id: "wiki-section-1", level: 2, text: "Setup & tools" },
      { id: "wiki-section-2", level: 3, text: "Backups" },
      { id: "wiki-section-3", level: 4, text: "Restoring «архив»" },
    ]);
    expect(html).toBe('<h2 id="wiki-section-1">Setup &amp; <em>tools</em></h2><p>a</p><h3 id="wiki-section-2">Backups</h3><h4 id="wiki-section-3">Restoring «архив»</h4><h2> </h2><h5>deep</h5>');
  });

  test("an article without headings is left as it is", () => {
    expect(withContents("<p>Just text</p>")).toEqual({ html: "<p>Just text</p>", headings: [] });
  });
});
