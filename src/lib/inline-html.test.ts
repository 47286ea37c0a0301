import { describe, expect, test } from "bun:test";
import { rebuildInline, safeUrl } from "./inline-html";
import { ISSUE_MARKS } from "./sanitize";

const rebuild = (html: string) => rebuildInline(html, ISSUE_MARKS);

describe("rebuildInline", () => {
  test("writes the allowed marks in one shape and escapes all text, dropping nothing", () => {
    for (const [input, output] of [
      ["a&nbsp;b <B>x</B><br/>y", "a\u00a0b <b>x</b><br>y"],
      ['<mark class="cdx-marker">m</mark> & "q" < 3', '<mark class="cdx-marker">m</mark> &amp; &quot;q&quot; &lt; 3'],
      ["<i><b>unclosed", "<i><b>unclosed</b></i>"],
      ['<a href=" https://e.test/x" target="_blank" rel="nofollow" title="a&quot;b">l</a>', '<a href="https://e.test/x" target="_blank" rel="nofollow" title="a&quot;b">l</a>'],
      ['<a href="/project/1/issue/2?x=1#y">here</a>', '<a href="/project/1/issue/2?x=1#y">here</a>'],
    ]) {
      expect(rebuild(input!)).toEqual({ html: output!, dropped: false });
    }
  });

  test("drops and reports what is not listed: comments, CDATA, instructions, other elements, attributes, classes and URLs", () => {
    for (const [input, output] of [
      ["<![CDATA[><img src=x onerror=alert(1)>]]>", ""],
      ["<!--><img src=x onerror=alert(1)>-->", "--&gt;"],
      ["x<?php echo 1 ?>y", "xy"],
      ["<script>alert(1)</script>t", "t"],
      ["<svg><style><img src=x onerror=alert(1)></style></svg>t", "t"],
      ["<p>block</p>", "block"],
      ['<b onclick="x()" style="position:fixed">b</b>', "<b>b</b>"],
      ['<span class="dialog">s</span><code class="inline-code x">c</code>', "<span>s</span><code>c</code>"],
      ['<a href="jav&#x09;ascript:alert(1)">1</a><a href="data:text/html,x">2</a><a href="//evil.test/">3</a><a href="/\\evil.test/">4</a><a href="/.//evil.test">5</a>', "<a>1</a><a>2</a><a>3</a><a>4</a><a>5</a>"],
      ['<a href="https://e.test/" target="_top" rel="opener">l</a>', '<a href="https://e.test/">l</a>'],
      ['<constructor toString="x">t</constructor><b constructor="y">b</b>', "t<b>b</b>"],
    ]) {
      expect(rebuild(input!)).toEqual({ html: output!, dropped: true });
    }
  });

  test("safeUrl: http, https and mailto as the browser resolves them, paths on this site, nothing else", () => {
    const schemes = ["http:", "https:", "mailto:"];
    expect(safeUrl("HTTPS://E.test/a b", schemes)).toBe("https://e.test/a%20b");
    expect(safeUrl("mailto:a@e.test", schemes)).toBe("mailto:a@e.test");
    expect(safeUrl("/a/../b", schemes)).toBe("/b");
    for (const bad of ["javascript:x()", " JaVa\nScript:x()", "\u0001javascript:x()", "data:text/html,x", "vbscript:x", "//e.test", "\\\\e.test", "", "http://[::1"]) {
      expect(safeUrl(bad, schemes)).toBeUndefined();
    }
  });
});
