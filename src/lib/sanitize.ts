/**
 * The one place HTML from outside is cleaned (sanitize-html). Each kind of HTML has a named setting;
 * code never writes a configuration of its own. Every setting drops scripts, event handlers and
 * schemes other than those listed (so no javascript: URLs).
 */
import sanitizeHtml from "sanitize-html";
import { DOCX_TITLE_CLASS } from "../modules/docs/docx-html";

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

const SETTINGS = {
  /** What people write in the editors: report bodies and category descriptions. */
  richText: {
    allowedTags: [...allowedTags, "img"],
    allowedAttributes: { ...allowedAttributes, "*": ["class", "style", "data-*"], img: ["src", "alt", "title", "width", "height"], ...TABLE_SPANS },
    allowedSchemesByTag: { img: ["http", "https", "data"] },
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
    allowedStyles: SAFE_STYLES,
  },
} satisfies Record<string, sanitizeHtml.IOptions>;

export type HtmlSetting = keyof typeof SETTINGS;

/** `html` cleaned for what it is. */
export const sanitize = (html: string, setting: HtmlSetting): string => sanitizeHtml(html, SETTINGS[setting]);
