/** The HTML diff of two converted DOCX bodies; loaded with import() only when versions are compared. */
import htmldiff from "htmldiff-js";

type HtmlDiff = { execute(before: string, after: string): string };

/** `after` compared with `before`: insertions in <ins>, deletions in <del>. */
export function diffHtml(before: string, after: string): string {
  // The package is CommonJS with an ES default inside; bundlers hand it over either way.
  const module = htmldiff as unknown as HtmlDiff & { default?: HtmlDiff };
  const engine = typeof module.execute === "function" ? module : module.default!;
  return engine.execute(before, after);
}
