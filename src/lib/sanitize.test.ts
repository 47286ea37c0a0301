import { describe, expect, test } from "bun:test";
import { sanitize, type HtmlSetting } from "./sanitize";

const HOSTILE = [
  '<script>alert(1)</script>',
  '<p onclick="steal()" onmouseover="steal()">hi</p>',
  '<img src="x" onerror="steal()">',
  '<a href="javascript:steal()">link</a>',
  '<a href="JaVaScRiPt:steal()">link</a>',
  '<a href="&#106;avascript:steal()">link</a>',
  '<img src="javascript:steal()">',
  '<iframe src="https://evil.test"></iframe>',
  '<svg onload="steal()"><script>steal()</script></svg>',
  '<style>body{display:none}</style>',
].join("");

/** What each setting is for, and must keep. */
const KEEPS: Record<HtmlSetting, [input: string, output: string][]> = {
  richText: [
    ['<h1 style="text-align:center">Title</h1>', '<h1 style="text-align:center">Title</h1>'],
    ['<p class="note" data-ref="DATA-1"><b>bold</b> <u>u</u> <mark>m</mark></p>', '<p data-ref="DATA-1"><b>bold</b> <u>u</u> <mark>m</mark></p>'],
    ['<span class="rail">fixed bar</span><a href="//evil.test/">x</a><img src="data:text/html,x">', "<span>fixed bar</span><a>x</a><img />"],
    ['<span style="color:#b71c1c;position:fixed">red</span>', '<span style="color:#b71c1c">red</span>'],
    ['<img src="https://example.test/a.png" alt="a" width="10">', '<img src="https://example.test/a.png" alt="a" width="10" />'],
    ['<table><tr><td colspan="2">x</td></tr></table>', '<table><tr><td colspan="2">x</td></tr></table>'],
    ['<a href="https://example.test/">x</a>', '<a href="https://example.test/">x</a>'],
  ],
  docx: [
    ['<h2 id="h-1">Part</h2><p><del>old</del><ins>new</ins> x<sup>2</sup></p>', '<h2 id="h-1">Part</h2><p><del>old</del><ins>new</ins> x<sup>2</sup></p>'],
    ['<img src="data:image/png;base64,AAAA" alt="fig">', '<img src="data:image/png;base64,AAAA" alt="fig" />'],
    ['<img src="https://tracker.test/pixel.png">', "<img />"],
    ['<a href="mailto:a@example.test">mail</a>', '<a href="mailto:a@example.test">mail</a>'],
    ['<p style="color:red" class="x">p</p>', "<p>p</p>"],
    ['<a id="plexus-me" href="#footnote-1">n</a><p id="footnote-1">f</p>', '<a href="#footnote-1">n</a><p id="footnote-1">f</p>'],
  ],
  wiki: [
    ['<h2 style="color:red" class="x" id="y">Part</h2><ul><li><s>old</s> <code>x</code></li></ul>', "<h2>Part</h2><ul><li><s>old</s> <code>x</code></li></ul>"],
    ['<table><tbody><tr><th colspan="2" style="min-width:25px">x</th></tr></tbody></table>', '<table><tbody><tr><th colspan="2">x</th></tr></tbody></table>'],
    ['<a href="mailto:a@example.test" target="_blank" onclick="x()">mail</a> <a href="https://example.test/">web</a>', '<a href="mailto:a@example.test">mail</a> <a href="https://example.test/">web</a>'],
    ['<img src="/api/files/get-user-file/abc" alt="plan">', '<img src="/api/files/get-user-file/abc" alt="plan" />'],
    ['<img src="https://tracker.test/p.png"><img src="//tracker.test/p.png"><img src="/\\tracker.test/p.png"><img src="data:image/png;base64,AAAA">', "<img /><img /><img /><img />"],
    ['<a href="//evil.test/">x</a><a href="ftp://example.test/">y</a>', "<a>x</a><a>y</a>"],
  ],
  report: [
    ['<p>Before</p><p>[DATA-12]</p><p>after [DATA-3] text</p>', "<p>Before</p><p>[DATA-12]</p><p>after [DATA-3] text</p>"],
    ['<p data-pdfmake=\'{"image":"file:///etc/passwd"}\' class="x" style="color:red">p</p>', "<p>p</p>"],
    ['<img src="https://tracker.test/p.png"><img src="data:image/png;base64,AAAA"><img src="/api/files/get-user-file/abc" alt="plan">', '<img /><img /><img src="/api/files/get-user-file/abc" alt="plan" />'],
    ['<table><tbody><tr><td colspan="2">x</td></tr></tbody></table><a href="https://example.test/">web</a>', '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table><a href="https://example.test/">web</a>'],
  ],
  help: [
    ['<h2 id="start--password">Password</h2>', '<h2 id="start--password">Password</h2>'],
    ['<img src="/help/a.png" alt="screen">', '<img src="/help/a.png" alt="screen" />'],
    ['<pre><code>bun test</code></pre>', "<pre><code>bun test</code></pre>"],
  ],
  mail: [
    ['<p>Hello,</p><p>follow <a href="https://plexus.test/new-password?token=abc">this link</a>.</p>', '<p>Hello,</p><p>follow <a href="https://plexus.test/new-password?token=abc">this link</a>.</p>'],
    ['<p style="color:#3949ab;background:url(https://t.test/x)"><b>Plexus</b></p>', '<p style="color:#3949ab"><b>Plexus</b></p>'],
    ['<img src="https://example.test/logo.png" alt="logo">', '<img src="https://example.test/logo.png" alt="logo" />'],
    ['<a href="mailto:admin@example.test">admin</a>', '<a href="mailto:admin@example.test">admin</a>'],
  ],
  calcResult: [
    ['<p style="text-align:right;position:fixed"><b>42</b> m²</p>', '<p style="text-align:right"><b>42</b> m²</p>'],
    ['<table><tr><td colspan="2" class="x">1</td></tr></table><img src="https://tracker.test/p.png">', '<table><tr><td colspan="2">1</td></tr></table>'],
    ['<a href="https://example.test/" target="_blank">l</a><a href="//evil.test/">x</a>', '<a href="https://example.test/">l</a><a>x</a>'],
  ],
};

describe("sanitize", () => {
  for (const setting of Object.keys(KEEPS) as HtmlSetting[]) {
    test(`${setting}: strips scripts, event handlers and javascript: URLs`, () => {
      const clean = sanitize(HOSTILE, setting);
      expect(clean).not.toMatch(/<script|<iframe|<svg|<style|\bon[a-z]+=|javascript:|steal/i);
      expect(clean).toContain("hi");
      expect(clean).toContain("link");
    });

    test(`${setting}: keeps what it is for`, () => {
      for (const [input, output] of KEEPS[setting]) expect(sanitize(input, setting)).toBe(output);
    });
  }
});
