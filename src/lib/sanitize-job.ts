/** The untrusted worker's job that cleans user HTML (src/lib/clean-html.ts), so a large body never holds the event loop. */
import { sanitize, type HtmlSetting } from "./sanitize";

export default ({ html, setting }: { html: string; setting: HtmlSetting }): string => sanitize(html, setting);
