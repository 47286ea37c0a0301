import { describe, expect, test } from "bun:test";
import { withTestApp } from "../../testing/harness";
import { measureStall } from "../../testing/loop-stall";
import { articleVersions as article } from "../../testing/wiki-versions";
import { COMPARE_LIMITS, compareContents } from "./compare";

const { t } = withTestApp();

describe("the wiki's word diff", () => {
  test("marks whole Russian words, keeps tags, and marks nothing in identical or empty texts", () => {
    expect(compareContents("<p>Сроки в марте и апреле.</p>", "<p>Сроки в мае и апреле.</p>").inline).toBe("<p>Сроки в <del>марте</del><ins>мае</ins> и апреле.</p>");
    const same = '<h2>Осмотр</h2><ul><li>Опора <a href="https://a.test/">№ 3</a></li></ul>';
    expect(compareContents(same, same)).toEqual({ inline: same, before: same, after: same });
    expect(compareContents("", "")).toEqual({ inline: "", before: "", after: "" });
    expect(compareContents("", "<p>Новый текст</p>").inline).toBe("<p><ins>Новый текст</ins></p>");
    expect(compareContents("<p>Старый текст</p>", "").inline).toBe("<del>Старый текст</del>");
    // A paragraph added between two kept ones: the kept ones unmarked, the new one inserted whole.
    const added = compareContents("<p>Первый.</p><p>Третий.</p>", "<p>Первый.</p><p>Второй.</p><p>Третий.</p>");
    expect(added.inline).toBe("<p>Первый.</p><p><ins>Второй.</ins></p><p>Третий.</p>");
    expect(added.before).toBe("<p>Первый.</p><p></p><p>Третий.</p>");
  });

  test("in a long article, an inserted paragraph and an edited one are all that is marked", () => {
    const paragraphs = Array.from({ length: 300 }, (_, n) => `<p>Пролёт ${n}: осмотр выполнен.</p>`);
    const edited = [...paragraphs.slice(0, 100), "<p>Новый абзац.</p>", ...paragraphs.slice(100)];
    edited[250] = "<p>Пролёт 249: осмотр отложен.</p>";
    const { inline } = compareContents(paragraphs.join(""), edited.join(""));
    expect(inline.match(/<(ins|del)>[^<]*<\/\1>/g)).toEqual(["<ins>Новый абзац.</ins>", "<del>выполнен</del>", "<ins>отложен</ins>"]);
  });

  test("a 10,000-word article compares in well under a second, where htmldiff-js took 50 s", () => {
    const [before, after] = article(10_000);
    const started = performance.now();
    const { inline } = compareContents(before, after);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(inline.match(/<ins>изменено<\/ins>/g)?.length).toBe(600);
  });
});

describe("compare never stalls the server", () => {
  test("comparing two 20,000-word versions runs in the worker while /api/health keeps answering", async () => {
    const [before, after] = article(20_000);
    await t.ctx.compareWiki("<p>a</p>", "<p>b</p>");
    let diff: Awaited<ReturnType<typeof t.ctx.compareWiki>> | undefined;
    const stall = await measureStall(t.app.handle, async () => {
      diff = await t.ctx.compareWiki(before, after);
    });
    console.log("wiki compare, 20,000 words:", JSON.stringify(stall));
    expect(diff!.inline.match(/<ins>изменено<\/ins>/g)?.length).toBe(1_200);
    expect(stall.ratio).toBeLessThan(3);
  });

  test("versions too long are 413 compare_too_large, at once", async () => {
    const long = `<p>${"слово ".repeat(COMPARE_LIMITS.chars / 10)}</p>`;
    expect(await t.ctx.compareWiki(long, long).catch((error) => error)).toMatchObject({ status: 413, code: "compare_too_large" });
  });
});
