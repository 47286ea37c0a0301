/** The untrusted worker's job that cleans user HTML (src/lib/clean-html.ts), so a large body never holds the event loop. */
import { htmlNestsDeeperThan } from "./html-depth";
import { sanitize, type HtmlSetting } from "./sanitize";

export default ({ html, setting, maxDepth }: { html: string; setting: HtmlSetting; maxDepth: number }): string => {
  // Checked here, not on the loop: even the linear scan takes milliseconds per megabyte.
  if (htmlNestsDeeperThan(html, maxDepth)) throw Object.assign(new Error("nested too deep"), { code: "html_too_deep" });
  return sanitize(html, setting);
};
