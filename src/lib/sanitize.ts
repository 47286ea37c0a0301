/**
 * The one place HTML from outside is cleaned (sanitize-html). Each kind of HTML has a named setting;
 * code never writes a configuration of its own. Every setting drops scripts, event handlers and
 * schemes other than those listed (so no javascript: URLs), and styles but alignment and colours.
 * Task descriptions are not cleaned but rebuilt from their blocks, with the marks of ISSUE_MARKS below.
 * src/lib/xss-corpus.test.ts proves every output inert as a browser parses it.
 */
import sanitizeHtml from "sanitize-html";
import { DOCX_TITLE_CLASS } from "../modules/docs/docx-html";
import { safeUrl, type InlineAllowList } from "./inline-html";

const { allowedTags, allowedAttributes } = sanitizeHtml.defaults;

/** Alignment and colours only: no url(), no positioning that could cover the page. */
const SAFE_STYLES: sanitizeHtml.IOptions["allowedStyles"] = {
  "*": {
    "text-align": [/^(left|right|center|justify)$/],
    color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
    "background-color": [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
  },
};

const TABLE_SPANS = { td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] };

/** `attribs` without `name` unless `keep` says its value may stay (the others in their order). */
const keepIf = (name: string, keep: (value: string) => boolean): sanitizeHtml.Transformer => (tagName, attribs) => {
  const out = { ...attribs };
  if (out[name] !== undefined && !keep(out[name])) delete out[name];
  return { tagName, attribs: out };
};
/** An inline picture's data: URL must hold a picture (an <img> runs nothing, but nothing else belongs there). */
const imageData = keepIf("src", (src) => !/^\s*data:/i.test(src) || /^\s*data:image\//i.test(src));
/** The ids mammoth writes (headings numbered by the converter, notes): a document's own bookmark names could clobber the page's ids. */
const docxIds = keepIf("id", (id) => /^(h|footnote|footnote-ref|endnote|endnote-ref)-\d+$/.test(id));

const SETTINGS = {
  /**
   * What people write in the editors: data bodies and category descriptions. No classes (a page class such
   * as a fixed bar's would lay user text over the page) and no scheme-less links to other hosts.
   */
  richText: {
    allowedTags: [...allowedTags, "img"],
    allowedAttributes: { ...allowedAttributes, "*": ["style", "data-*"], img: ["src", "alt", "title", "width", "height"], ...TABLE_SPANS },
    allowedSchemesByTag: { img: ["http", "https", "data"] },
    allowProtocolRelative: false,
    transformTags: { img: imageData },
    allowedStyles: SAFE_STYLES,
  },
  /**
   * mammoth's HTML of an uploaded DOCX: headings keep the ids the viewer's tree links to, the Title's h1 its
   * one class (a document's own style map cannot bring the page's classes); images only inline.
   */
  docx: {
    allowedTags: [...allowedTags, "img", "del", "ins"],
    allowedAttributes: { ...allowedAttributes, "*": ["id"], img: ["src", "alt"], ...TABLE_SPANS },
    allowedClasses: { h1: [DOCX_TITLE_CLASS] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["data"] },
    allowProtocolRelative: false,
    transformTags: { "*": docxIds, img: imageData },
  },
  /**
   * A wiki article from its editor: headings, paragraphs, lists, quotes, code, tables (with spans), links
   * to http, https and mailto addresses, and images from Plexus itself only (a path: no scheme, no other
   * host, no data:), and the <ins> and <del> of the compare page. No styles, classes, ids, scripts or event handlers.
   */
  wiki: {
    allowedTags: [...allowedTags, "img", "ins", "del"],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title", "width", "height"], ...TABLE_SPANS },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
  },
  /**
   * A report body from its editor (the wiki's): what an article keeps; its [DATA-n] placeholders are text.
   * No data-* attributes (html-to-pdfmake reads data-pdfmake as instructions) and no images from other hosts
   * or data: (the export names pictures by their alt text, and never fetches).
   */
  report: {
    allowedTags: [...allowedTags, "img"],
    allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "title", "width", "height"], ...TABLE_SPANS },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
  },
  /** The user manual rendered from our Markdown: section anchors and images. */
  help: {
    allowedTags: [...allowedTags, "img"],
    allowedAttributes: { ...allowedAttributes, "*": ["id"], img: ["src", "alt"] },
  },
  /** A rendered mail body (an administrator's template with its values filled in): links, simple styling, images by URL. */
  mail: {
    allowedTags: [...allowedTags, "img"],
    allowedAttributes: { ...allowedAttributes, "*": ["style"], img: ["src", "alt", "width", "height"], ...TABLE_SPANS },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    allowedStyles: SAFE_STYLES,
  },
  /**
   * What a calculation's main returns as text (src/modules/calc): formatting, tables with spans, alignment
   * and colours, links to http, https and mailto addresses; no images, so a result cannot call out to a tracker.
   */
  calcResult: {
    allowedTags: allowedTags.filter((tag) => tag !== "img"),
    allowedAttributes: { a: ["href", "title"], "*": ["style"], ...TABLE_SPANS },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    allowedStyles: SAFE_STYLES,
  },
} satisfies Record<string, sanitizeHtml.IOptions>;

export type HtmlSetting = keyof typeof SETTINGS;

/** `html` cleaned for what it is. */
export const sanitize = (html: string, setting: HtmlSetting): string => sanitizeHtml(html, SETTINGS[setting]);

const LINK_SCHEMES = ["http:", "https:", "mailto:"];
const oneOf = (...values: string[]) => (value: string) => (values.includes(value) ? value : undefined);
const none = {};

/**
 * The marks a task description's text may carry, rebuilt by src/lib/inline-html.ts (not sanitize-html):
 * what the description editor's inline tools write (bold, italic, links opening in a new tab), and the marks
 * of Editor.js's common inline tools with their own classes only, so no page class can style user text.
 */
export const ISSUE_MARKS: InlineAllowList = {
  tags: {
    b: none,
    strong: none,
    i: none,
    em: none,
    u: none,
    s: none,
    sub: none,
    sup: none,
    span: none,
    br: none,
    code: { class: oneOf("inline-code") },
    mark: { class: oneOf("cdx-marker") },
    a: {
      href: (value) => safeUrl(value, LINK_SCHEMES),
      title: (value) => value,
      target: oneOf("_blank"),
      rel: (value) => (value.split(/\s+/).every((token) => ["nofollow", "noopener", "noreferrer"].includes(token)) ? value : undefined),
    },
  },
};
