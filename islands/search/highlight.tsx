import { Fragment } from "react";

/** The named entities an escaped snippet may hold; numeric ones (&#60;, &#x3c;) are read by their code. */
const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Escaped text back to the text it stands for; anything that is not a known entity stays as written. */
const unescapeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED[body.toLowerCase()]!;
    const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });

/**
 * A full-text snippet (escaped text with <mark>…</mark> around the matched word forms, as
 * full-text-search/find answers it) as text and <mark> elements, never the snippet parsed as HTML, so
 * markup written in a document or article stays text.
 */
export function Highlighted({ snippet }: { snippet: string }) {
  return (
    <>
      {snippet.split(/<mark>([\s\S]*?)<\/mark>/).map((part, index) => (
        <Fragment key={index}>{index % 2 === 0 ? unescapeEntities(part) : <mark>{unescapeEntities(part)}</mark>}</Fragment>
      ))}
    </>
  );
}
