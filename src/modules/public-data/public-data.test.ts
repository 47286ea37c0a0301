import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { docVersions, sessions } from "../../../db/schema";
import { withTestApp } from "../../testing/harness";
import { PUBLIC_ROWS } from "./service";

const { t, f } = withTestApp();

/** A project with a public and a private category, a member, and items in each. */
async function scene() {
  const { project, member, moderator } = await f.projectScene({ name: "Survey" });
  const open = f.category(project.id, { name: "Open data", isPublic: true });
  const closed = f.category(project.id, { name: "Internal", isPublic: false });
  const owner = member.user;
  const report = f.dataItem(project.id, { dataType: "REPORT", name: "Public report", description: "Yearly", ownerId: owner.id, body: "<p>Intro [DATA-999999]</p>" }, [open.id]);
  const privateItem = f.dataItem(project.id, { dataType: "REPORT", name: "Secret report", ownerId: owner.id, body: "<p>secret</p>" }, [closed.id]);
  const removed = f.dataItem(project.id, { dataType: "REPORT", name: "Removed", isActive: false, ownerId: owner.id }, [open.id]);
  const calc = f.dataItem(project.id, { dataType: "CALC", name: "Load calc", description: "Beam load", script: "function main() { return 1; }", ownerId: owner.id }, [open.id, closed.id]);
  return { f, project, member, moderator, open, closed, report, privateItem, removed, calc };
}

/** Signed out: no cookie, only the headers every Plexus script sends. */
const get = (query: string, headers: Record<string, string> = {}) => t.call("GET", `/public-data/get?${query}`, { headers });

describe("public-data/get", () => {
  test("an item in a public category is read without signing in: its name, description and content, nothing private", async () => {
    const { report, calc, member } = await scene();
    const res = await get(`id=${report.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: report.id, name: "Public report", description: "Yearly", dataType: "REPORT", icon: null, table: null, document: null, report: "<p>Intro <em class=\"pub-embed pub-embed--none\">Data unavailable</em></p>", chart: null });
    expect(res.headers.get("set-cookie")).toBeNull();

    // A calculation shows its name and description; its script stays with the members.
    const calcRes = await get(`id=${calc.id}`);
    expect(calcRes.status).toBe(200);
    const text = JSON.stringify(calcRes.body);
    for (const secret of ["function main", "Internal", String(member.user.id), "owner", "project", "categor", "chat"]) expect(text).not.toContain(secret);
  });

  test("private, removed, missing and non-numeric ids answer one identical 404", async () => {
    const { privateItem, removed } = await scene();
    const answers = await Promise.all(
      [`id=${privateItem.id}`, `id=${removed.id}`, "id=999999", "id=abc", "id=-1", "id=1e3", "id=", ""].map(async (query) => {
        const res = await get(query);
        const headers = [...res.headers.entries()].filter(([name]) => name !== "date").sort();
        return { status: res.status, body: res.body, headers };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0].status).toBe(404);
    expect(answers[0].body.error).toBe("data_not_found");
    // Never kept by a shared cache.
    expect(Object.fromEntries(answers[0].headers)["cache-control"]).toBe("no-store");
  });

  test("a signed-in member of the project gets the same 404 for a private item (public means the category)", async () => {
    const { privateItem, member } = await scene();
    const res = await t.call("GET", `/public-data/get?id=${privateItem.id}`, { cookie: member.cookie });
    expect(res.status).toBe(404);
  });

  test("taking the category's public mark off hides the item at once", async () => {
    const { report, open } = await scene();
    expect((await get(`id=${report.id}`)).status).toBe(200);
    const admin = await t.userWithCookie("ADMIN");
    const saved = await t.call("POST", "/category/save", { cookie: admin.cookie, body: { id: open.id, name: open.name, isPublic: false, project: { id: open.projectId } } });
    expect(saved.status).toBe(200);
    expect((await get(`id=${report.id}`)).status).toBe(404);
  });

  test("only a project ADMIN switches a category public: a member and a moderator get 403 and the item stays private", async () => {
    const { privateItem, closed, member, moderator, project } = await scene();
    const body = { id: closed.id, name: closed.name, type: "Stage", isPublic: true, project: { id: project.id } };
    for (const who of [member, moderator]) {
      const refused = await t.call("POST", "/category/save", { cookie: who.cookie, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe("forbidden");
      expect((await get(`id=${privateItem.id}`)).status).toBe(404);
    }
    const admin = await t.userWithCookie("ADMIN");
    const saved = await t.call("POST", "/category/save", { cookie: admin.cookie, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: "Internal", type: "Stage", isPublic: true });
    const read = await get(`id=${privateItem.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("Secret report");
  });

  test("cache headers let a proxy keep it briefly: public, a short max-age, an ETag that answers 304", async () => {
    const { report } = await scene();
    const first = await get(`id=${report.id}`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60");
    expect(first.headers.get("vary")).toContain("accept-encoding");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"p\d+-\w+"$/);
    const again = await get(`id=${report.id}`, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=60");
  });

  test("a signed-in reader's answer, which a proxy may give anyone, carries no renewed session cookie", async () => {
    const { report, member } = await scene();
    // A session near its end is renewed by any other request that carries it, with a Set-Cookie.
    t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.userId, member.user.id)).run();
    const res = await t.call("GET", `/public-data/get?id=${report.id}`, { cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("a report shows the embedded items that are public; a private one is a neutral note, not even its name", async () => {
    const { f, project, open, privateItem } = await scene();
    const table = f.table(project.id, { name: "Open table", headers: ["A"], rows: [[1]], categoryIds: [open.id] });
    const report = f.dataItem(project.id, { dataType: "REPORT", name: "Mixed", body: `<p>[DATA-${table.id}] and [DATA-${privateItem.id}]</p>` }, [open.id]);
    const res = await get(`id=${report.id}`);
    const shown = `<figure class="pub-embed pub-embed--table"><figcaption><a href="/public-data/${table.id}">Open table</a></figcaption><div class="pub__table"><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></div></figure>`;
    expect(res.body.report).toBe(`<p>${shown} and <em class="pub-embed pub-embed--none">Data unavailable</em></p>`);
  });

  test("a table pages on the server and hides its url column of map points", async () => {
    const { f, project, open } = await scene();
    const rows = Array.from({ length: PUBLIC_ROWS + 5 }, (_, i) => [`Pier ${i + 1}`, i * 1.5, JSON.stringify([{ lat: 55.7, lon: 37.6, name: "x" }])]);
    const table = f.table(project.id, { name: "Piers", headers: ["Name", "Load", "url"], rows, categoryIds: [open.id] });
    const first = await get(`id=${table.id}`);
    expect(first.body.table.headers).toEqual(["Name", "Load"]);
    expect(first.body.table.rows).toHaveLength(PUBLIC_ROWS);
    expect(first.body.table.rows[0]).toEqual(["Pier 1", 0]);
    expect(first.body.table.totalElements).toBe(PUBLIC_ROWS + 5);
    expect(JSON.stringify(first.body)).not.toContain("lat");
    const second = await get(`id=${table.id}&page=1`);
    expect(second.body.table.rows).toEqual(rows.slice(PUBLIC_ROWS).map((row) => row.slice(0, 2)));
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((await get(`id=${table.id}&page=x`)).status).toBe(422);
  });

  test("a chart gives its drawing when its table is public too; a private table is 'not available' and leaks nothing", async () => {
    const { f, project, open, closed } = await scene();
    const rows = [["Pier 1", 12.5, "[]"], ["Pier 2", "7,5", "[]"], ["Pier 3", "n/a", "[]"]];
    const settings = (tableId: number) =>
      JSON.stringify({ name: "Loads", type: "BAR", showDetails: true, mainColumn: "cell_0", headers: [{ name: "Name", field: "cell_0", isValue: false }, { name: "Load", field: "cell_1", isValue: true }], table: tableId });
    const openTable = f.table(project.id, { name: "Open piers", headers: ["Name", "Load", "url"], rows, categoryIds: [open.id] });
    const chart = f.dataItem(project.id, { dataType: "CHART", name: "Loads", value: settings(openTable.id) }, [open.id]);
    const res = await get(`id=${chart.id}`);
    expect(res.status).toBe(200);
    expect(res.body.chart).toEqual({
      settings: { type: "BAR", showDetails: true },
      labels: ["Pier 1", "Pier 2", "Pier 3"],
      datasets: [{ label: "Load", data: [12.5, 7.5, null] }],
      missing: [],
      tableMissing: false,
      truncated: false,
      skipped: 0,
      bucket: null,
    });

    const secretTable = f.table(project.id, { name: "Secret piers", headers: ["Name", "Load"], rows: [["Hidden pier", 99]], categoryIds: [closed.id] });
    const onSecret = f.dataItem(project.id, { dataType: "CHART", name: "Secret loads", value: settings(secretTable.id) }, [open.id]);
    const refused = await get(`id=${onSecret.id}`);
    expect(refused.status).toBe(200);
    expect(refused.body.chart).toEqual({ settings: { type: "BAR", showDetails: true }, labels: [], datasets: [], missing: [], tableMissing: true, truncated: false, skipped: 0, bucket: null });
    for (const secret of ["Hidden pier", "99", "Secret piers"]) expect(JSON.stringify(refused.body)).not.toContain(secret);

    // A CHART item whose value is no chart's settings draws nothing.
    const bare = f.dataItem(project.id, { dataType: "CHART", name: "Bare", value: "{}" }, [open.id]);
    expect((await get(`id=${bare.id}`)).body.chart).toBeNull();
  });

  test("a document gives its newest version's converted text", async () => {
    const { f, project, open } = await scene();
    const doc = f.dataItem(project.id, { dataType: "DOC", name: "Manual" }, [open.id]);
    const base = { dataId: doc.id, fileName: "m.docx", filePath: "x/m.docx", mime: "application/octet-stream", size: 10 };
    t.db.insert(docVersions).values({ ...base, name: "v1", type: "MS_DOC", body: "<p>old</p>", creationDate: new Date(1000) }).run();
    t.db.insert(docVersions).values({ ...base, name: "v2", type: "MS_DOC", body: "<h1>New</h1>", creationDate: new Date(2000) }).run();
    const res = await get(`id=${doc.id}`);
    expect(res.body.document).toEqual({ type: "MS_DOC", name: "v2", fileName: "m.docx", html: "<h1>New</h1>" });
  });
});
