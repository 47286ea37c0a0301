/** Elements that never hold anything, so never nest. */
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const TAG = /<(\/?)([a-z][\w-]*)[^>]*?(\/?)>/gi;

/**
 * Whether elements in this HTML nest deeper than `max`, by one linear scan of its tags (void and
 * self-closed ones count nothing), so a body nested thousands deep is refused before any parser
 * works through it. An element left open counts as open to the end, as a parser would keep it.
 */
export function htmlNestsDeeperThan(html: string, max: number): boolean {
  let depth = 0;
  for (const [, closing, name, selfClosed] of html.matchAll(TAG)) {
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosed && !VOID.has(name!.toLowerCase()) && ++depth > max) return true;
  }
  return false;
}
