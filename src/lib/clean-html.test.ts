import { describe, expect, test } from "bun:test";
import { cleanHtml, HTML_LIMITS } from "./clean-html";

const nested = (depth: number) => `${"<div>".repeat(depth)}x${"</div>".repeat(depth)}`;

describe("cleanHtml", () => {
  test("cleans with the setting asked for, in the worker", async () => {
    expect<string>(await cleanHtml('<p onclick="x()">Опора <img src="https://tracker.test/p.gif"></p><script>x()</script>', "report", "body.body")).toBe("<p>Опора <img /></p>");
  });

  test("nesting up to the cap passes; one level more is 422 html_too_deep; void elements and closed siblings never count", async () => {
    expect<string>(await cleanHtml(nested(HTML_LIMITS.depth), "richText", "body.body")).toBe(nested(HTML_LIMITS.depth));
    expect(await cleanHtml(nested(HTML_LIMITS.depth + 1), "richText", "body.body").catch((error) => error)).toMatchObject({
      status: 422,
      code: "html_too_deep",
      details: [{ path: "body.body", code: "validation.htmlTooDeep" }],
    });
    const flat = "<p>a<br>b<img src=\"/x.png\"></p>".repeat(HTML_LIMITS.depth * 2);
    expect<string>(await cleanHtml(flat, "report", "body.body")).toBe(flat.replaceAll("<br>", "<br />").replaceAll('.png">', '.png" />'));
  });

  test("past the size cap it is 413 html_too_large before the worker sees it", async () => {
    const large = "a".repeat(HTML_LIMITS.chars + 1);
    expect(await cleanHtml(large, "richText", "body.description").catch((error) => error)).toMatchObject({ status: 413, code: "html_too_large", details: [{ path: "body.description" }] });
  });
});
