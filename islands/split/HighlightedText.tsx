import { useEffect, useRef } from "react";
import { highlight } from "../docs/highlight";

/**
 * Adapter of the document search's marks (islands/docs/highlight.ts): a server-sanitised HTML body
 * whose hits of `term` are marked in place; `found` hears how many, and the first is scrolled to.
 */
export function HighlightedText({ html, term, found }: { html: string; term: string; found: (hits: number) => void }) {
  const body = useRef<HTMLElement>(null);
  useEffect(() => {
    const hits = highlight(body.current!, term);
    found(hits.length);
    hits[0]?.[0]?.scrollIntoView({ block: "center" });
  }, [term, found]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize-html) when it was converted or saved
  return <article ref={body} className="docv-html pub__text" dangerouslySetInnerHTML={{ __html: html }} />;
}
