// The diff is shared with the wiki (src/lib/html-diff.ts); the document page imports it from here on demand.
export { diffHtml } from "../../src/lib/html-diff";
