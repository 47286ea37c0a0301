import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { activityLog } from "../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../testing/harness";

const { t, f } = withTestApp();

interface Download {
  method: "GET" | "POST";
  path: string;
  cookie: string;
}

function formOf(name: string, text: string) {
  const form = new FormData();
  form.append("file", new File([text], name));
  return form;
}

async function uploaded(path: string, cookie: string, name: string) {
  const response = await t.app.handle(new Request(`http://plexus.test/api${path}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: formOf(name, "field notes") }));
  expect(response.status).toBe(200);
  return response.json();
}

/** Every download route, each with a real object its caller may download: files, drive, docs, tables, reports, the exports. */
async function everyDownload(): Promise<Download[]> {
  const s = await f.projectScene();
  const system = await t.userWithCookie("SYSTEM_ADMIN");
  const driveFile = await uploaded("/files/save-user-file", s.member.cookie, "notes.txt");
  const [staged] = await uploaded("/files/save", s.moderator.cookie, "survey.txt");
  const saved = await t.call("POST", `/docs/save-all/${s.project.id}`, { cookie: s.moderator.cookie, body: [{ name: "Survey", path: staged.path, provider: "Field team", keywords: [] }] });
  const [version] = (await t.call("GET", `/docs/get-all-versions/${saved.body[0].id}`, { cookie: s.member.cookie })).body;
  const table = f.table(s.project.id, { headers: ["Pier"], rows: [["P1"]] });
  const report = f.dataItem(s.project.id, { name: "Annual", dataType: "REPORT", body: "<p>Piers</p>" });
  const layer = f.dataItem(s.project.id, { name: "Piers", dataType: "LAYER" });
  return [
    { method: "GET", path: `/files/get-user-file/${driveFile.token}`, cookie: s.member.cookie },
    { method: "GET", path: `/files/get-doc-version/${version.id}`, cookie: s.member.cookie },
    { method: "GET", path: `/files/get-data-table/${table.id}`, cookie: s.member.cookie },
    { method: "GET", path: `/files/get-data-table/${table.id}?format=csv`, cookie: s.member.cookie },
    { method: "GET", path: "/users/export/xlsx", cookie: system.cookie },
    { method: "GET", path: "/admin/activity-log/export/xlsx", cookie: system.cookie },
    { method: "GET", path: `/layer-poi/geo-json?layerId=${layer.id}`, cookie: s.member.cookie },
    { method: "POST", path: `/report/export/${report.id}?format=docx`, cookie: s.member.cookie },
  ];
}

/** A download as the browser asks for it with this Sec-Fetch-Dest (none when undefined); a POST is our own script's fetch. */
function ask({ method, path, cookie }: Download, destination: string | undefined) {
  const headers: Record<string, string> = { cookie, ...(method === "POST" ? OWN_PAGE_HEADERS : {}), ...(destination ? { "sec-fetch-dest": destination } : {}) };
  return t.app.handle(new Request(`http://plexus.test/api${path}`, { method, headers }));
}

const downloadsLogged = () => t.db.select().from(activityLog).where(eq(activityLog.activityType, "DOWNLOAD")).all().length;

describe("downloads are never subresources of a page", () => {
  test("every download route refuses an image, style, script, frame or object with 403 download_not_embeddable and makes nothing", async () => {
    const downloads = await everyDownload();
    for (const download of downloads) {
      for (const destination of ["image", "style", "script", "iframe", "object", "embed", "font", "video", "worker"]) {
        const res = await ask(download, destination);
        expect([download.path, destination, res.status]).toEqual([download.path, destination, 403]);
        expect((await res.json()).error).toBe("download_not_embeddable");
        expect(res.headers.get("content-disposition")).toBeNull();
      }
    }
    expect(downloadsLogged()).toBe(0);
  }, 60_000);

  test("the same downloads answer a link (document), a script's fetch (empty) and a client without Fetch Metadata", async () => {
    for (const download of await everyDownload()) {
      for (const destination of download.method === "GET" ? ["document", "empty", undefined] : ["empty", undefined]) {
        const res = await ask(download, destination);
        expect([download.path, destination, res.status]).toEqual([download.path, destination, 200]);
        expect(res.headers.get("content-disposition")).toStartWith("attachment");
        await res.arrayBuffer();
      }
    }
  }, 60_000);

  test("a stored picture asked inline still shows in an <img>, as chat and the viewers use it", async () => {
    const [driveFile, docVersion] = await everyDownload();
    for (const download of [driveFile, docVersion]) {
      const res = await ask({ ...download, path: `${download.path}?inline=1` }, "image");
      expect(res.status).toBe(200);
    }
  });

  test("no other GET route answers an image's request with a download", async () => {
    await everyDownload();
    const { cookie } = await t.userWithCookie("SYSTEM_ADMIN");
    for (const route of t.app.routes.filter((r) => r.method === "GET" && r.path.startsWith("/api/"))) {
      const res = await t.app.handle(new Request(`http://plexus.test${route.path.replace(/:\w+/g, "1")}`, { headers: { cookie, "sec-fetch-dest": "image" } }));
      expect([route.path, res.headers.get("content-disposition")]).toEqual([route.path, null]);
      await res.arrayBuffer();
    }
  }, 60_000);
});
