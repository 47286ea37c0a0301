import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dataItems } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { CALC_LIMITS, DEFAULT_SCRIPT } from "./limits";

const { t, f } = withTestApp();

const AREA = "function main(props) {\n  return props.width * props.height;\n}\n";
const AREA_PROPS = JSON.stringify([
  { variable: "width", name: "Width, m" },
  { variable: "height", name: "Height, m" },
]);
const values = (width: number, height: number) => [
  { variable: "width", name: "Width, m", value: width },
  { variable: "height", name: "Height, m", value: height },
];

async function scene(script = AREA, props = AREA_PROPS) {
  const s = await f.projectScene();
  const calc = f.dataItem(s.project.id, { name: "Area", dataType: "CALC", script, props });
  const invoke = (body: unknown, cookie = s.member.cookie, id = calc.id) => t.call("POST", `/calc/invoke?id=${id}`, { cookie, body });
  const save = (body: Record<string, unknown>, cookie = s.moderator.cookie) => t.call("POST", "/calc/save", { cookie, body: { id: calc.id, ...body } });
  return { ...s, calc, invoke, save };
}

const stored = (id: number) => t.db.select().from(dataItems).where(eq(dataItems.id, id)).get()!;

describe("calc/save", () => {
  test("a new calculation starts with an empty main function and no props, and opens as a CALC", async () => {
    const s = await scene();
    const res = await t.call("POST", "/calc/save", { cookie: s.moderator.cookie, body: { project: { id: s.project.id }, name: " Beam load ", description: "Loads" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Beam load", dataType: "CALC", script: DEFAULT_SCRIPT, props: "[]", description: "Loads" });
    expect(DEFAULT_SCRIPT).toMatch(/^function main\(props\) \{\s*\}\s*$/);
    const run = await s.invoke([], s.member.cookie, res.body.id);
    expect(run.body).toEqual({ kind: "text", result: "" });
  });

  test("a moderator saves the script and props; they are stored normalised", async () => {
    const s = await scene(DEFAULT_SCRIPT, "[]");
    const res = await s.save({ script: AREA, props: JSON.stringify([{ variable: "width", name: " Width " }, { variable: "height", name: "Height", extra: 1 }]) });
    expect(res.status).toBe(200);
    expect(res.body.script).toBe(AREA);
    expect(JSON.parse(res.body.props)).toEqual([{ variable: "width", name: "Width" }, { variable: "height", name: "Height" }]);
    expect((await s.invoke(values(3, 4))).body).toEqual({ kind: "text", result: "12" });
  });

  test("an input keeps its default number and unit, given as a number; text for a default is refused, not guessed", async () => {
    const s = await scene(DEFAULT_SCRIPT, "[]");
    const props = [{ variable: "width", name: "Width", value: 18.5, unit: " m " }, { variable: "height", name: "Height", value: null, unit: "" }];
    const res = await s.save({ script: AREA, props: JSON.stringify(props) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.props)).toEqual([{ variable: "width", name: "Width", value: 18.5, unit: "m" }, { variable: "height", name: "Height" }]);
    const text = await s.save({ props: JSON.stringify([{ variable: "width", name: "Width", value: "18,5" }]) });
    expect(text.status).toBe(422);
    expect(text.body.details).toEqual([{ path: "body.props[0]", message: expect.any(String), code: "calc.defaultInvalid" }]);
    expect((await s.save({ props: JSON.stringify([{ variable: "w", name: "W", unit: "x".repeat(CALC_LIMITS.unit + 1) }]) })).body.details[0].code).toBe("calc.unitTooLong");
    expect(JSON.parse(stored(s.calc.id).props!)).toEqual([{ variable: "width", name: "Width", value: 18.5, unit: "m" }, { variable: "height", name: "Height" }]);
  });

  test("bad props and an oversized script get a 422 naming each problem, and nothing changes", async () => {
    const s = await scene();
    const cases: [Record<string, unknown>, string][] = [
      [{ props: "not json" }, "body.props"],
      [{ props: JSON.stringify({ variable: "a", name: "A" }) }, "body.props"],
      [{ props: JSON.stringify([{ variable: "1a", name: "A" }]) }, "body.props[0]"],
      [{ props: JSON.stringify([{ variable: "a-b", name: "A" }]) }, "body.props[0]"],
      [{ props: JSON.stringify([{ variable: "__proto__", name: "A" }]) }, "body.props[0]"],
      [{ props: JSON.stringify([{ variable: "a", name: "  " }]) }, "body.props[0]"],
      [{ props: JSON.stringify([{ variable: "a", name: "A" }, { variable: "a", name: "B" }]) }, "body.props[0]"],
      [{ props: JSON.stringify(Array.from({ length: CALC_LIMITS.props + 1 }, (_, i) => ({ variable: `v${i}`, name: `V${i}` }))) }, "body.props"],
      // 100 KB in characters, but more in UTF-8 bytes.
      [{ script: `// ${"я".repeat(CALC_LIMITS.scriptBytes / 2)}` }, "body.script"],
    ];
    for (const [body, path] of cases) {
      const res = await s.save(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await s.save({ script: "x".repeat(CALC_LIMITS.scriptBytes + 1) })).status).toBe(422);
    expect(stored(s.calc.id)).toMatchObject({ script: AREA, props: AREA_PROPS });
  });

  test("a USER member cannot save; an outsider and a limited member get 404; another type's id is no calculation", async () => {
    const s = await scene();
    const denied = await s.save({ script: "function main(){return 1}" }, s.member.cookie);
    expect(denied.status).toBe(403);
    expect((await s.save({ script: "x" }, s.outsider.cookie)).status).toBe(404);
    const limited = await t.userWithCookie("USER");
    // A plain member limited to a category the calculation is not in: not found, not forbidden.
    f.assignCategories(f.member(limited.user.id, s.project.id).id, [f.category(s.project.id, { name: "Photos" }).id]);
    const hidden = await s.save({ script: "x" }, limited.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("data_not_found");
    const create = await t.call("POST", "/calc/save", { cookie: s.member.cookie, body: { project: { id: s.project.id }, name: "Mine" } });
    expect(create.status).toBe(403);
    const doc = f.dataItem(s.project.id, { name: "Doc" });
    const notCalc = await s.save({ id: doc.id, script: "x" });
    expect(notCalc.status).toBe(404);
    expect(notCalc.body.error).toBe("data_not_found");
    expect(stored(s.calc.id).script).toBe(AREA);
  });
});

describe("calc/invoke", () => {
  test("main's result comes back as sanitised HTML, a table from records or { headers, rows }, or JSON text", async () => {
    const cases: [string, unknown][] = [
      ['return \'<p onclick="x()">Area <b>\' + props.width * props.height + \'</b></p><script>steal()</script><img src="https://t.test/p">\'', { kind: "html", result: "<p>Area <b>6</b></p>" }],
      ["return [{ span: props.width, load: 1.5 }, { span: 3, note: 'end', load: null }]", { kind: "table", result: { headers: ["span", "load", "note"], rows: [[2, 1.5, null], [3, null, "end"]] } }],
      ["return { headers: ['a', 'b'], rows: [[1, { x: 1 }], [true]] }", { kind: "table", result: { headers: ["a", "b"], rows: [[1, '{"x":1}'], [true, null]] } }],
      ["return { area: props.width * props.height }", { kind: "text", result: '{"area":6}' }],
      ["return [1, 2]", { kind: "text", result: "[1,2]" }],
      ["return (async () => props.height * 10)()", { kind: "text", result: "30" }],
    ];
    const s = await scene();
    for (const [body, expected] of cases) {
      t.db.update(dataItems).set({ script: `function main(props) {\n  ${body};\n}` }).where(eq(dataItems.id, s.calc.id)).run();
      const res = await s.invoke(values(2, 3));
      expect(res.status, body).toBe(200);
      expect(res.body, body).toEqual(expected);
    }
  });

  test("every declared prop needs a number; extra variables are ignored", async () => {
    const s = await scene();
    const missing = await s.invoke([{ variable: "width", value: 2 }]);
    expect(missing.status).toBe(422);
    expect(missing.body.details[0].path).toBe("body[1].value");
    expect((await s.invoke([{ variable: "width", value: "two" }, { variable: "height", value: 1 }])).status).toBe(422);
    expect((await s.invoke({ width: 1 })).status).toBe(422);
    expect((await s.invoke([...values(2, 5), { variable: "depth", value: 9 }])).body).toEqual({ kind: "text", result: "10" });
  });

  test("a number given as text is read as the caller's locale writes it; what is no number is a 422 naming the input", async () => {
    const s = await scene();
    const run = (locale: string, width: string) => t.call("POST", `/calc/invoke?id=${s.calc.id}`, { cookie: `${s.member.cookie}; plexus_locale=${locale}`, body: [{ variable: "width", value: width }, { variable: "height", value: 2 }] });
    expect((await run("ru", "18,5")).body).toEqual({ kind: "text", result: "37" });
    expect((await run("es", "1.000,5")).body).toEqual({ kind: "text", result: "2001" });
    const wrong = await run("en", "18,5");
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toEqual([expect.objectContaining({ path: "body[0].value", code: "common.number.misplaced_group" })]);
    expect((await run("ru", "18,5 м")).body.details[0].code).toBe("common.number.not_a_number");
  });

  test("a script that throws or does not parse answers calc_failed with the line and message", async () => {
    const cases: [string, number, RegExp][] = [
      ["function main(props) {\n  const a = 1;\n  return missing + a;\n}", 3, /ReferenceError: 'missing' is not defined/],
      ["function main(props) {\n  return 1 +;\n}", 2, /SyntaxError/],
      ["function main() {\n\n  throw new RangeError('too wide');\n}", 3, /RangeError: too wide/],
      ["function f(n) { return f(n + 1) + 1; }\nfunction main() {\n  return f(0);\n}", 1, /stack overflow/],
    ];
    const s = await scene();
    for (const [script, line, message] of cases) {
      t.db.update(dataItems).set({ script }).where(eq(dataItems.id, s.calc.id)).run();
      const res = await s.invoke(values(1, 1));
      expect(res.status, script).toBe(422);
      expect(res.body.error).toBe("calc_failed");
      expect(res.body.details[0].line, script).toBe(line);
      expect(res.body.details[0].message).toMatch(message);
    }
    t.db.update(dataItems).set({ script: "const x = 1;" }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(1, 1))).body.details[0].message).toMatch(/no function main/);
  });

  test("the script reaches nothing of the host: process, require, fetch, Bun, import() and the module loader are not there", async () => {
    const s = await scene();
    const probes: [string, RegExp][] = [
      ["return globalThis.process.env", /TypeError: cannot read property 'env' of undefined/],
      ["return require('fs')", /'require' is not defined/],
      ["return fetch('http://127.0.0.1/')", /'fetch' is not defined/],
      ["return Bun.file('/etc/passwd')", /'Bun' is not defined/],
      ["return import('fs')", /could not load module 'fs'/],
      ["return std.loadFile('/etc/passwd')", /'std' is not defined/],
      ["return console.log(1)", /'console' is not defined/],
    ];
    for (const [body, message] of probes) {
      t.db.update(dataItems).set({ script: `function main() {\n  ${body};\n}` }).where(eq(dataItems.id, s.calc.id)).run();
      const res = await s.invoke(values(1, 1));
      expect(res.status, body).toBe(422);
      expect(res.body.details[0].message, body).toMatch(message);
    }
    t.db.update(dataItems).set({ script: "function main() { return [typeof process, typeof require, typeof fetch, typeof Bun, typeof setTimeout, typeof console].join() }" }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(1, 1))).body.result).toBe("undefined,undefined,undefined,undefined,undefined,undefined");
  });

  test("a loop stops after the time limit with calc_timeout while /api/health keeps answering at once", async () => {
    const s = await scene("function main() {\n  while (true) {}\n}");
    const started = performance.now();
    const running = s.invoke(values(1, 1));
    await Bun.sleep(100);
    const healthStart = performance.now();
    const health = await t.call("GET", "/health");
    const healthMs = performance.now() - healthStart;
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(100);
    const res = await running;
    const took = performance.now() - started;
    expect(res.status).toBe(422);
    expect(res.body.error).toBe("calc_timeout");
    expect(took).toBeGreaterThanOrEqual(CALC_LIMITS.timeMs - 50);
    expect(took).toBeLessThan(CALC_LIMITS.timeMs + 1500);
    // The same pool answers the next call normally.
    t.db.update(dataItems).set({ script: AREA }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(2, 2))).body).toEqual({ kind: "text", result: "4" });
  });

  test("the heap stops at 32 MB: one large allocation answers calc_memory, allocating without end is stopped within the time limit", async () => {
    const s = await scene("function main() {\n  return new ArrayBuffer(40 * 1024 * 1024).byteLength;\n}");
    const big = await s.invoke(values(1, 1));
    expect(big.status).toBe(422);
    expect(big.body.error).toBe("calc_memory");
    // Below the limit the same allocation works: the limit is 32 MB, not less.
    t.db.update(dataItems).set({ script: "function main() {\n  return new ArrayBuffer(16 * 1024 * 1024).byteLength;\n}" }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(1, 1))).body.result).toBe(String(16 * 1024 * 1024));
    // Growing in small steps, QuickJS collects garbage again and again near the limit: out of memory, or ended at the time limit.
    for (const body of ["const all = [];\n  while (true) all.push({ n: all.length });", "const all = [];\n  try { while (true) all.push([all.length]); } catch (e) { while (true) {} }"]) {
      t.db.update(dataItems).set({ script: `function main() {\n  ${body}\n}` }).where(eq(dataItems.id, s.calc.id)).run();
      const started = performance.now();
      const res = await s.invoke(values(1, 1));
      expect(res.status, body).toBe(422);
      expect(["calc_memory", "calc_timeout"]).toContain(res.body.error);
      expect(performance.now() - started).toBeLessThan(CALC_LIMITS.timeMs + 1000);
    }
    t.db.update(dataItems).set({ script: AREA }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(2, 2))).body.result).toBe("4");
  });

  test("20 invocations at once all answer with their own result", async () => {
    const s = await scene();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.invoke(values(i, 2))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.body.result)).toEqual(Array.from({ length: 20 }, (_, i) => String(i * 2)));
  });

  test("a member limited to categories gets 404 for a calculation outside them; a plain member runs a removed one as 404", async () => {
    const s = await scene();
    const limited = await t.userWithCookie("USER");
    const photos = f.category(s.project.id, { name: "Photos" });
    f.assignCategories(f.member(limited.user.id, s.project.id).id, [photos.id]);
    const hidden = await s.invoke(values(1, 1), limited.cookie);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe("data_not_found");
    expect((await s.invoke(values(1, 1), s.outsider.cookie)).status).toBe(404);
    t.db.update(dataItems).set({ isActive: false }).where(eq(dataItems.id, s.calc.id)).run();
    expect((await s.invoke(values(1, 1))).status).toBe(404);
    expect((await s.invoke(values(1, 2), s.moderator.cookie)).body.result).toBe("2");
  });
});

describe("the sandbox pool", () => {
  test("past its queue it answers 503 calc_busy at once, and serves again when the threads are free", async () => {
    const { CalcPool } = await import("./pool");
    const small = new CalcPool({ workers: 1, queue: 1, perOwner: 5, graceMs: 500 });
    const loop = { script: "function main() { while (true) {} }", props: {} };
    const running = small.run(loop);
    const queued = small.run(loop);
    const refused = await small.run(loop).catch((error) => error);
    expect(refused).toMatchObject({ status: 503, code: "calc_busy" });
    expect((await running).ok).toBe(false);
    expect((await queued).ok).toBe(false);
    const served = await small.run({ script: "function main(p) { return p.x + 1 }", props: { x: 1 } });
    expect(served.ok && "json" in served && JSON.parse(new TextDecoder().decode(served.json))).toEqual({ kind: "text", result: "2" });
  });
});
