import { expect, test } from "bun:test";
import { embedQuery, iframeSnippet, readEmbed } from "./embed";

test("an address asks only for what differs from the defaults, and reads back the same options", () => {
  const all = { wheelZoom: false, search: false, fullscreen: true };
  expect(embedQuery(all)).toBe("?wheel=0&search=0&fullscreen=1");
  expect(readEmbed(new URLSearchParams(embedQuery(all)))).toEqual(all);
  expect(embedQuery({ wheelZoom: true, search: true, fullscreen: false })).toBe("");
  // Anything else keeps the default: the plain address is the page as shared.
  expect(readEmbed(new URLSearchParams("wheel=no&search=&fullscreen=true"))).toEqual({ wheelZoom: true, search: true, fullscreen: false });
});

test("the snippet escapes the title, keeps its size within bounds and allows full screen only when asked", () => {
  const snippet = iframeSnippet("https://maps.example/public-data/5", { wheelZoom: false, search: true, fullscreen: true }, { width: 10, height: 99999 }, 'Wells "north" <1>');
  expect(snippet).toBe(
    '<iframe src="https://maps.example/public-data/5?wheel=0&amp;fullscreen=1" width="200" height="4000" title="Wells &quot;north&quot; &lt;1&gt;" style="border:0" loading="lazy" allowfullscreen></iframe>',
  );
  expect(iframeSnippet("https://m/public-data/5", { wheelZoom: true, search: true, fullscreen: false }, { width: 640.4, height: Number.NaN }, "x")).toContain('width="640" height="200"');
});
