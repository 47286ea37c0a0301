/** The bytes of `<`, `>`, `/`, `!` and `?`, for the scanners of XML here and in xml-well-formed.ts. */
export const LT = 0x3c;
export const GT = 0x3e;
export const SLASH = 0x2f;
export const BANG = 0x21;
export const QUESTION = 0x3f;

/** The index just past `end` (ASCII) at or after `from`, or the length when it never comes. */
function skipPast(xml: Uint8Array, from: number, end: string): number {
  const first = end.charCodeAt(0);
  outer: for (let i = from; i <= xml.length - end.length; i++) {
    if (xml[i] !== first) continue;
    for (let k = 1; k < end.length; k++) if (xml[i + k] !== end.charCodeAt(k)) continue outer;
    return i + end.length;
  }
  return xml.length;
}

export const startsWith = (xml: Uint8Array, at: number, text: string) => {
  for (let k = 0; k < text.length; k++) if (xml[at + k] !== text.charCodeAt(k)) return false;
  return true;
};

/**
 * Whether elements in this XML (UTF-8 bytes) nest deeper than `max`, found by one linear scan
 * without parsing, so a document nested tens of thousands deep is refused before any recursive
 * reader sees it. Comments, CDATA, declarations and quoted attribute values are skipped.
 */
export function xmlNestsDeeperThan(xml: Uint8Array, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < xml.length; i++) {
    if (xml[i] !== LT) continue;
    const next = xml[i + 1];
    if (next === SLASH) depth--;
    else if (next === QUESTION) i = skipPast(xml, i, "?>") - 1;
    else if (next === BANG) i = skipPast(xml, i, startsWith(xml, i, "<!--") ? "-->" : startsWith(xml, i, "<![CDATA[") ? "]]>" : ">") - 1;
    else {
      let quote = 0;
      let j = i + 1;
      for (; j < xml.length; j++) {
        const c = xml[j];
        if (quote) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === GT) break;
      }
      if (xml[j - 1] !== SLASH && ++depth > max) return true;
      i = j;
    }
  }
  return false;
}
