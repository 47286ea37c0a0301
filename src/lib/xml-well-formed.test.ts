import { expect, test } from "bun:test";
import { xmlProblem } from "./xml-well-formed";

const problem = (text: string | Uint8Array) => xmlProblem(typeof text === "string" ? new TextEncoder().encode(text) : text);

test("whole XML passes: declarations, references, comments and CDATA holding & and <, namespaces, self-closed roots", () => {
  for (const xml of [
    '<?xml version="1.0" encoding="UTF-8"?>\n<x:a x:b="1 &amp; 2" c=\'>\'><b>x &lt; &#x41; &#1071;</b><c/><!-- & < --><![CDATA[ & < ]]></x:a>\n',
    "<a/>",
    "<a>Опора — ü</a>",
  ])
    expect([xml, problem(xml)]).toEqual([xml, undefined]);
});

test("XML cut off or damaged anywhere is named, never passed", () => {
  const cases: [string, string | Uint8Array][] = [
    ["a stray & in text", "<a><b>x & y</b><b>z</b></a>"],
    ["a stray & in an attribute", '<a b="&x"></a>'],
    ["an & with no ; before the next tag", "<a>&amp</a>"],
    ["cut after an element", "<a><b>x</b>"],
    ["cut inside a tag", "<a><b x='1'"],
    ["cut inside a comment", "<a><!-- x"],
    ["cut inside CDATA", "<a><![CDATA[ x"],
    ["a closing tag of another name", "<a><ab></a></ab>"],
    ["a closing tag too many", "<a></a></a>"],
    ["two roots", "<a/><b/>"],
    ["nothing", ""],
    ["bytes that are not UTF-8", new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e])],
  ];
  for (const [what, xml] of cases) expect([what, typeof problem(xml)]).toEqual([what, "string"]);
});
