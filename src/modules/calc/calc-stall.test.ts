import { describe, expect, test } from "bun:test";
import { fetchElsewhere } from "../../testing/fetch-elsewhere";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { measureStall } from "../../testing/loop-stall";

const { t, f } = withTestApp();

/** A calculation whose main returns `expression` (evaluated in the sandbox). */
async function calc(expression: string) {
  const s = await f.projectScene();
  const item = f.dataItem(s.project.id, { name: "Big result", dataType: "CALC", script: `function main() { return ${expression}; }`, props: "[]" });
  /** Invokes it; the answer's status, its body read but not parsed (parsing a megabyte here would stall the probes itself). */
  const invoke = async () => {
    const response = await t.app.handle(
      new Request(`http://plexus.test/api/calc/invoke?id=${item.id}`, { method: "POST", body: "[]", headers: { ...OWN_PAGE_HEADERS, "content-type": "application/json", cookie: s.member.cookie } }),
    );
    return { status: response.status, text: await response.text() };
  };
  return Object.assign(invoke, { id: item.id, cookie: s.member.cookie });
}

describe("calculation results never stall the server", () => {
  test("eight results of 1 MB of nested HTML are refused (422 html_too_deep) in the sandbox thread, never reaching the event loop", async () => {
    const invoke = await calc(`"<div>".repeat(200000)`);
    // Threads started first, as on a running server: starting a worker is not what is measured.
    await Promise.all(Array.from({ length: 8 }, invoke));
    let answers: { status: number; text: string }[] = [];
    const stall = await measureStall(t.app.handle, async () => {
      answers = await Promise.all(Array.from({ length: 8 }, invoke));
    });
    console.log("calc/invoke x8, 1 MB nested HTML:", JSON.stringify(stall));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(422));
    expect(JSON.parse(answers[0]!.text)).toMatchObject({ error: "html_too_deep" });
    expect(stall.ratio).toBeLessThan(3);
  });

  test("twenty results of 1 MB of JSON text, fetched as a browser does (six at a time, gzip), keep /api/health within 3x of idle", async () => {
    // About 1 MB of numbers: a JSON list that is neither records nor a grid comes back as a text result.
    const invoke = await calc("Array.from({ length: 115000 }, (_, i) => Math.round(Math.sin(i) * 1e6) / 100)");
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => t.app.handle(request) });
    try {
      const request = { url: `${server.url}api/calc/invoke?id=${invoke.id}`, method: "POST", body: "[]", headers: { ...OWN_PAGE_HEADERS, "content-type": "application/json", cookie: invoke.cookie } };
      // Warmed first, as on a running server: the sandbox thread, and zlib's first use (35 ms, once per process).
      await fetchElsewhere(Array(2).fill(request))();
      const send = fetchElsewhere(Array(20).fill(request));
      let answers: { status: number; bytes: number }[] = [];
      const stall = await measureStall(t.app.handle, async () => {
        answers = await send();
      }, { floorMs: 20 });
      console.log("calc/invoke x20, 1 MB text:", JSON.stringify(stall));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(answers[0]!.bytes).toBeGreaterThan(900_000);
      expect(stall.ratio).toBeLessThan(3);
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("a flat HTML result is cleaned in the worker: scripts and images go, the text stays", async () => {
    const invoke = await calc(`"<p onclick='x()'>Нагрузка <b>42</b></p><img src='https://tracker.test/p.gif'><script>x()</script>"`);
    const answer = await invoke();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ kind: "html", result: "<p>Нагрузка <b>42</b></p>" });
  });
});
