import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MESSAGE_MAX } from "./limits";
import { Markdown, plainText } from "../../../islands/chat/markdown";

// The chat's Markdown (islands/chat/markdown.tsx) as React renders it: what people write, what
// hostile text cannot do, and how long the worst 4,000-character messages take.

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text })).replace(/^<div class="chat-md">|<\/div>$/g, "");
const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`;
/** Every tag the renderer may produce. */
const ALLOWED = new Set(["div", "p", "strong", "em", "del", "code", "pre", "blockquote", "ul", "ol", "li", "hr", "a"]);

describe("chat Markdown", () => {
  test("@logins of people who may be mentioned are highlighted, others and those in code or links stay text", () => {
    const names = new Map([["tom.berg", "Tom Berg"], ["иван", "Иван Петров"]]);
    const marked = (text: string) => renderToStaticMarkup(createElement(Markdown, { text, names })).replace(/^<div class="chat-md">|<\/div>$/g, "");
    expect(marked("@Tom.Berg, ask **@иван**. Not @nobody, `@tom.berg` or tom.berg@example.com")).toBe(
      '<p><span class="chat-mention" title="Tom Berg">@Tom.Berg</span>, ask <strong><span class="chat-mention" title="Иван Петров">@иван</span></strong>. Not @nobody, <code>@tom.berg</code> or ' +
        `${link("mailto:tom.berg@example.com", "tom.berg@example.com")}</p>`,
    );
    expect(html("@tom.berg")).toBe("<p>@tom.berg</p>");
  });

  test("bold, italics, struck text, code, code blocks, lists and quotes", () => {
    expect(html("**bold**, __bold__, *it*, _it_, ~~gone~~ and `x < y`")).toBe(
      "<p><strong>bold</strong>, <strong>bold</strong>, <em>it</em>, <em>it</em>, <del>gone</del> and <code>x &lt; y</code></p>",
    );
    expect(html("*a **b** c* and ***both***")).toBe("<p><em>a <strong>b</strong> c</em> and <em><strong>both</strong></em></p>");
    expect(html("```\nconst a = 1;\n  **not bold**\n```")).toBe("<pre><code>const a = 1;\n  **not bold**</code></pre>");
    expect(html("To do:\n- pour\n- cure\n  1. day one\n  2. day two")).toBe(
      "<p>To do:</p><ul><li>pour</li><li><p>cure</p><ol><li>day one</li><li>day two</li></ol></li></ul>",
    );
    expect(html("3. third\n4. fourth")).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>');
    expect(html("> he said\n>> she said\nand I said")).toBe("<blockquote><p>he said</p><blockquote><p>she said</p></blockquote></blockquote><p>and I said</p>");
    expect(html("line one\nline two")).toBe("<p>line one\nline two</p>");
  });

  test("what chat text means stays as written: snake_case, a lone ~, numbers in a sentence, escapes", () => {
    expect(html("snake_case_name at ~5 min, 2 * 3 * 4")).toBe("<p>snake_case_name at ~5 min, 2 * 3 * 4</p>");
    expect(html("I think\n2. is wrong")).toBe("<p>I think\n2. is wrong</p>");
    expect(html("\\*not italics\\*")).toBe("<p>*not italics*</p>");
    expect(html("**unclosed")).toBe("<p>**unclosed</p>");
  });

  test("bare www. addresses, http(s) addresses and e-mail addresses become links; trailing punctuation stays text", () => {
    expect(html("See www.example.com.")).toBe(`<p>See ${link("http://www.example.com", "www.example.com")}.</p>`);
    expect(html("Write to anna.archer@example.com, please")).toBe(`<p>Write to ${link("mailto:anna.archer@example.com", "anna.archer@example.com")}, please</p>`);
    expect(html("(https://en.wikipedia.org/wiki/Concrete_(material))")).toBe(
      `<p>(${link("https://en.wikipedia.org/wiki/Concrete_(material)", "https://en.wikipedia.org/wiki/Concrete_(material)")})</p>`,
    );
    expect(html("[the plan](https://example.com/plan?a=1&b=2)")).toBe(`<p>${link("https://example.com/plan?a=1&amp;b=2", "the plan")}</p>`);
    expect(html("[mail](mailto:crew@example.com)")).toBe(`<p>${link("mailto:crew@example.com", "mail")}</p>`);
    expect(html("`www.example.com` stays code")).toBe("<p><code>www.example.com</code> stays code</p>");
    expect(html("nowww.example.com and a@b")).toBe("<p>nowww.example.com and a@b</p>");
  });

  test("raw HTML is shown as text, never as HTML", () => {
    expect(html("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(html('<img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>')).toBe(
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;</p>",
    );
    expect(html("<b>**bold**</b>")).toBe("<p>&lt;b&gt;<strong>bold</strong>&lt;/b&gt;</p>");
  });

  test("links go only to http(s) and mailto: javascript:, data: and the rest stay text", () => {
    for (const href of ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "file:///etc/passwd", "//evil.example", "/api/logout"]) {
      expect(html(`[click](${href})`)).not.toContain("<a");
    }
    expect(html("javascript:alert(1) <javascript:alert(1)>")).not.toContain("<a");
    expect(html("[www.example.com](javascript:alert(1))")).toBe(`<p>[${link("http://www.example.com", "www.example.com")}](javascript:alert(1))</p>`);
  });

  test("any text renders without throwing, with only the allowed elements, and every link safe", () => {
    const pieces = ["*", "**", "_", "__", "~~", "~", "`", "```", "[", "]", "(", ")", "](", "> ", "- ", "1. ", "\n", "\n\n", "  ", "\\", "<", ">", "&", '"',
      "javascript:", "https://x.io", "www.a.b", "a@b.co", "mailto:", "data:", "word", "слово", " "];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }), (parts) => {
        const out = renderToStaticMarkup(createElement(Markdown, { text: parts.join("") }));
        for (const [, tag] of out.matchAll(/<\/?([a-z0-9]+)/g)) expect(ALLOWED.has(tag)).toBe(true);
        for (const [, href] of out.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|mailto:)/i);
        expect(out.match(/<a /g)?.length ?? 0).toBe(out.match(/rel="noopener noreferrer nofollow" target="_blank"/g)?.length ?? 0);
      }),
      { numRuns: 400 },
    );
  });

  test("quotes and lists nest a few levels; deeper markers stay text", () => {
    const deep = html(`${">".repeat(40)} deep`);
    expect(deep.match(/<blockquote>/g)).toHaveLength(5);
    expect(deep).toContain("&gt;".repeat(35));
    const list = html(Array.from({ length: 12 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"));
    expect(list.match(/<ul>/g)!.length).toBeLessThanOrEqual(5);
    expect(list).toContain("level 11");
  });

  test("the chat list's preview is the words without their markup", () => {
    expect(plainText("**Pour** at _7_:\n- `bay 3`\n> quoted [plan](https://example.com)")).toBe("Pour at 7: bay 3 quoted plan");
  });

  test("the worst 4,000-character messages render in milliseconds", () => {
    const fill = (unit: string) => unit.repeat(Math.ceil(MESSAGE_MAX / unit.length)).slice(0, MESSAGE_MAX);
    const hostile = {
      "nested quotes": ">".repeat(MESSAGE_MAX),
      "quote lines": fill("> > > > > > > > > a\n"),
      "open stars": fill("*a "),
      "close stars": fill("a* "),
      "nested emphasis": `${"*a ".repeat(666)}b${" c*".repeat(666)}`.slice(0, MESSAGE_MAX),
      underscores: fill("_a_"),
      "mixed runs": fill("*_~`"),
      brackets: "[".repeat(MESSAGE_MAX),
      "unclosed links": fill("[a]("),
      "unclosed links, one ) at the end": `${fill("[a](").slice(0, -1)})`,
      backticks: fill("`a``b```c````d"),
      "angle brackets": fill("<"),
      "www. addresses": fill("www.a.com "),
      "e-mail addresses": fill("a@b.co "),
      "a long local part": `${"a".repeat(MESSAGE_MAX - 1)}@`,
      "stairs of lists": Array.from({ length: 1000 }, (_, i) => `${"  ".repeat(i)}- a`).join("\n").slice(0, MESSAGE_MAX),
      "numbered lines": fill("1. a\n"),
      "list items with blank lines": fill("- a\n\n  b\n\n"),
      fences: fill("```\n"),
    };
    const times: Record<string, number> = {};
    for (const [name, text] of Object.entries(hostile)) {
      expect(text.length).toBeLessThanOrEqual(MESSAGE_MAX);
      // The best of five, so that a busy machine's pauses are not counted.
      times[name] = Math.min(
        ...[0, 1, 2, 3, 4].map((run) => {
          const started = performance.now();
          renderToStaticMarkup(createElement(Markdown, { text: `${text.slice(0, MESSAGE_MAX - 1)}${run}` }));
          return performance.now() - started;
        }),
      );
    }
    console.log(Object.entries(times).map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join(", "));
    // Measured 0.2-30 ms each on two cores at a load average of 16; marked's lexer alone takes ~100 ms for the nested quotes.
    for (const ms of Object.values(times)) expect(ms).toBeLessThan(250);
  });
});
