import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { type DefaultTreeAdapterMap, parseFragment } from "parse5";
import sanitizeHtml from "sanitize-html";
import { issues } from "../../db/schema";
import { withTestApp } from "../testing/harness";
import { diffHtml } from "./html-diff";
import { type HtmlSetting, sanitize } from "./sanitize";

// One corpus of markup that parsers read differently (htmlparser2 on the server, the browser's HTML5 parser
// on the page), pushed through every place user HTML is stored and shown. What comes out is parsed with
// parse5 (an HTML5 parser, as the browser) and must be inert: only listed elements in the HTML namespace,
// only listed attributes, no event handler, no URL but http(s), mailto, a path here or an inline image, and
// no style that positions or layers anything.

const CORPUS = [
  "<![CDATA[><img src=x onerror=alert(1)>]]>",
  '<![CDATA[><meta http-equiv="refresh" content="0;url=https://evil.test/">]]>',
  "<!--><img src=x onerror=alert(1)>-->",
  "<!---><img src=x onerror=alert(1)>-->",
  "<!--a--!><img src=x onerror=alert(1)>-->",
  "<? ><img src=x onerror=alert(1)> ?>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<template><img src=x onerror=alert(1)></template>",
  '<template><style></template><img src=x onerror=alert(1)></style></template>',
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  "<svg><p><style><img src=x onerror=alert(1)></style></p></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  "<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title=\"</style><img src onerror=alert(1)>\"></style></h1>",
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  "<style><img src=x onerror=alert(1)></style>",
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
  '<meta http-equiv="refresh" content="0;url=https://evil.test/">',
  '<base href="https://evil.test/">',
  '<form action="https://evil.test/"><input name="password"><button formaction="javascript:alert(1)">go</button></form>',
  '<a href="javascript:alert(1)">1</a><a href="JaVaScRiPt:alert(1)">2</a><a href=" javascript:alert(1)">3</a>',
  '<a href="jav&#x09;ascript:alert(1)">1</a><a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">2</a><a href="javascript&colon;alert(1)">3</a>',
  '<a href="java\nscript:alert(1)">1</a><a href="&#0000106avascript:alert(1)">2</a><a href="vbscript:msgbox(1)">3</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a><a href="//evil.test/">p</a><a href="/\\evil.test/">b</a>',
  '<img src="javascript:alert(1)"><img src="data:text/html,x"><img srcset="javascript:alert(1) 1x, data:text/html,x 2x"><img src="x" onerror="alert(1)">',
  '<a href="https://ok.test/" style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:2147483647">covered</a>',
  '<div style="position:absolute;inset:0;z-index:99;background:url(https://evil.test/x.png)">x</div><p style="color:red;position : fixed">p</p>',
  '<span class="rail skip-link dialog">cls</span><p id="plexus-me">{"id":1}</p>',
  '<iframe src="https://evil.test/"></iframe><object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<blockquote cite="javascript:alert(1)">q</blockquote><video poster="javascript:alert(1)"></video><table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg><math href="javascript:alert(1)">m</math>',
  '<b onmouseover=alert(1)>b</b><p/onclick=alert(1)>p</p><img/src=x/onerror=alert(1)>',
  '<scr<script>ipt>alert(1)</scr</script>ipt><<img src=x onerror=alert(1)>',
  '<a href="https://ok.test/"">x</a"><img src=x onerror=alert(1)>',
];

const TAGS = new Set([...sanitizeHtml.defaults.allowedTags, "img", "ins", "del"]);
const ATTRIBUTES = new Set(["href", "src", "alt", "title", "width", "height", "colspan", "rowspan", "class", "id", "style", "target", "rel"]);
const URL_ATTRIBUTES = new Set(["href", "src", "srcset", "action", "formaction", "poster", "background", "cite", "data", "xlink:href"]);
const CLASSES = new Set(["inline-code", "cdx-marker", "docx-title", "diffins", "diffdel", "diffmod", "mod"]);
const STYLES = new Set(["text-align", "color", "background-color"]);
const HTML_NS = "http://www.w3.org/1999/xhtml";

type Node = DefaultTreeAdapterMap["node"];

const safeUrl = (tag: string, value: string) => {
  const squeezed = value.replace(/[\t\n\r]/g, "").trim().toLowerCase();
  if (tag === "img" && squeezed.startsWith("data:image/")) return true;
  if (/^[/\\]{2}/.test(squeezed)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
  return scheme === undefined || ["http", "https", "mailto"].includes(scheme);
};

/** Why `html` is not inert as a browser reads it (parse5), or nothing. */
function liveParts(html: string, tags = TAGS): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if ("tagName" in node) {
      if (node.namespaceURI !== HTML_NS) found.push(`<${node.tagName}> in ${node.namespaceURI}`);
      if (!tags.has(node.tagName)) found.push(`<${node.tagName}>`);
      for (const { name, value } of node.attrs) {
        if (!ATTRIBUTES.has(name) && !name.startsWith("data-")) found.push(`${node.tagName}[${name}]`);
        if (URL_ATTRIBUTES.has(name) && !safeUrl(node.tagName, value)) found.push(`${node.tagName}[${name}=${value}]`);
        if (name === "class" && value.split(/\s+/).some((c) => c && !CLASSES.has(c))) found.push(`class=${value}`);
        if (name === "id" && !/^(h|footnote|footnote-ref|endnote|endnote-ref)-\d+$/.test(value)) found.push(`id=${value}`);
        if (name === "style" && value.split(";").some((d) => d.trim() && !STYLES.has(d.split(":")[0]!.trim().toLowerCase()))) found.push(`style=${value}`);
        if (name === "style" && /url\(|expression|@import/i.test(value)) found.push(`style=${value}`);
      }
      if (node.tagName === "template") walk((node as DefaultTreeAdapterMap["template"]).content);
    }
    if ("childNodes" in node) for (const child of node.childNodes) walk(child);
  };
  walk(parseFragment(html));
  return found;
}

const { t, f } = withTestApp();

const blocks = (...list: unknown[]) => JSON.stringify({ time: 1, blocks: list, version: "2.28.2" });

/** Where user HTML is stored and how the page gets it back: each answers the HTML strings a browser will parse. */
type Scene = Awaited<ReturnType<typeof f.projectScene>>;
const SINKS: { name: string; tags?: Set<string>; write: (html: string, s: Scene) => Promise<string[]> | string[] }[] = [
  // Services clean on save with these named settings (wiki articles and compare, reports, mail templates and
  // mails, category descriptions and data bodies, converted DOCX, calculation results), and the pages show them.
  ...(["richText", "docx", "wiki", "report", "mail", "calcResult"] as HtmlSetting[]).map((setting) => ({ name: `sanitize ${setting}`, write: (html: string) => [sanitize(html, setting)] })),
  // The document page compares two converted versions in the browser: the diff of two cleaned bodies.
  { name: "DOCX versions compared", write: (html: string) => [diffHtml(sanitize("<p>before</p>", "docx"), sanitize(html, "docx")), diffHtml(sanitize(html, "docx"), sanitize(`<p>${html}</p>`, "docx"))] },
  {
    name: "task description saved and read (the page's HTML and the JSON Editor.js loads)",
    tags: new Set(["p", "b", "strong", "i", "em", "u", "s", "sub", "sup", "span", "br", "code", "mark", "a"]),
    async write(html, s) {
      const saved = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id }, description: blocks({ type: "paragraph", data: { text: html } }) } });
      if (saved.status === 422) return [];
      expect(saved.status).toBe(200);
      const read = (await t.call("GET", `/issue/get?id=${saved.body.id}`, { cookie: s.member.cookie })).body;
      return [read.descriptionHtml, ...JSON.parse(read.description).blocks.map((b: { data: { text: string } }) => b.data.text)];
    },
  },
  {
    name: "task description stored before these rules, read",
    tags: new Set(["p", "b", "strong", "i", "em", "u", "s", "sub", "sup", "span", "br", "code", "mark", "a"]),
    async write(html, s) {
      const saved = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "x", project: { id: s.project.id } } });
      t.db.update(issues).set({ description: blocks({ type: "paragraph", data: { text: html } }), descriptionHtml: html }).where(eq(issues.id, saved.body.id)).run();
      const read = (await t.call("GET", `/issue/get?id=${saved.body.id}`, { cookie: s.member.cookie })).body;
      return [read.descriptionHtml, ...JSON.parse(read.description).blocks.map((b: { data: { text: string } }) => b.data.text)];
    },
  },
];

describe("the parser-differential corpus through every sink", () => {
  test("the oracle sees the corpus as live", () => {
    for (const html of CORPUS.filter((html) => !html.startsWith("<scr"))) expect(liveParts(html), html).not.toEqual([]);
  });

  for (const sink of SINKS) {
    test(`${sink.name}: inert`, async () => {
      const scene = await f.projectScene();
      for (const html of CORPUS) {
        for (const out of await sink.write(html, scene)) expect(liveParts(out, sink.tags), `${html}\n=> ${out}`).toEqual([]);
      }
    }, 30_000);
  }
});
