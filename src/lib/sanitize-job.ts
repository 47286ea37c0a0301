/** The untrusted worker's job that cleans user HTML (src/lib/clean-html.ts), so a large body never holds the event loop. */
import { htmlNestsDeeperThan } from "./html-depth";
import { sanitize, type HtmlSetting } from "./sanitize";

const encoder = new TextEncoder();

/** The clean HTML, or with `encode` the clean HTML with its UTF-8 and its JSON string (clean-html.ts EncodedHtml). */
export default ({ html, setting, maxDepth, encode }: { html: string; setting: HtmlSetting; maxDepth: number; encode: boolean }) => {
  // Checked here, not on the loop: even the linear scan takes milliseconds per megabyte.
  if (htmlNestsDeeperThan(html, maxDepth)) throw Object.assign(new Error("nested too deep"), { code: "html_too_deep" });
  const clean = sanitize(html, setting);
  return encode ? { html: clean, utf8: encoder.encode(clean), json: encoder.encode(JSON.stringify(clean)) } : clean;
};
