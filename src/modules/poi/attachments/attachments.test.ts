import { describe, expect, test } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { dataCategories, dataItems, issues, poiAttachedData, poiAttachedFiles, stagedFiles, userProjects } from "../../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../../testing/harness";

const { t, f } = withTestApp();

/** A project with a points layer, a template offered on it and one object made by the project's moderator. */
async function scene() {
  const s = await f.projectScene();
  const layer = f.dataItem(s.project.id, { dataType: "LAYER", name: "Wells" });
  const template = (await t.call("POST", "/layer-poi-template", { cookie: s.admin.cookie, body: { name: "Well", graphType: "POINT", fields: [{ name: "Title", type: "STRING", partOfName: true }] } })).body;
  expect((await t.call("POST", `/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`, { cookie: s.admin.cookie })).status).toBe(200);
  const saved = await t.call("POST", "/layer-poi/save", {
    cookie: s.moderator.cookie,
    body: { layer: { id: layer.id }, template: { id: template.id }, geometry: JSON.stringify({ type: "Point", coordinates: [10, 50] }), properties: [{ field: { id: template.fields[0].id }, value: "North well" }] },
  });
  expect(saved.status).toBe(200);
  const doc = f.dataItem(s.project.id, { name: "Survey", dataType: "DOC" });
  return { s, layer, object: saved.body as { id: number }, doc };
}

const list = (cookie: string, lpId: number) => t.call("GET", `/layer-poi/get-list-of-attached-data?lpId=${lpId}`, { cookie });
const attach = (cookie: string, lpId: number, adId: number) => t.call("POST", "/layer-poi/add-attached-data", { cookie, body: { lpId, adId } });
const metadata = async (cookie: string, lpId: number) => (await t.call("GET", `/layer-poi/get-metadata?lpId=${lpId}`, { cookie })).body;
const links = () => ({
  data: t.db.select({ n: count() }).from(poiAttachedData).get()!.n,
  files: t.db.select({ n: count() }).from(poiAttachedFiles).get()!.n,
});

function uploadRequest(cookie: string, lpId: number | string, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://plexus.test/api/files/save-attached-data?lpId=${lpId}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie, ...headers }, body, duplex: "half" } as RequestInit);
}
async function upload(cookie: string, lpId: number | string, name: string, bytes: string | Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await t.app.handle(uploadRequest(cookie, lpId, form));
  return { status: response.status, body: await response.json() };
}

/** A multipart body that would go on for `total` bytes, counting what the server pulled. */
function endlessUpload(total: number) {
  const head = new TextEncoder().encode('--b\r\ncontent-disposition: form-data; name="file"; filename="big.txt"\r\ncontent-type: text/plain\r\n\r\n');
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pulled.bytes === 0 ? head : chunk;
      pulled.bytes += next.byteLength;
      if (pulled.bytes > total) controller.close();
      else controller.enqueue(next);
    },
  });
  return { stream, pulled };
}

describe("data attached to an object", () => {
  test("an editor attaches and detaches, readers list; a plain member may not change it; twice is a 409", async () => {
    const { s, object, doc } = await scene();
    expect((await attach(s.member.cookie, object.id, doc.id)).status).toBe(403);
    const added = await attach(s.moderator.cookie, object.id, doc.id);
    expect(added.status).toBe(200);
    expect(added.body.abstractData).toMatchObject({ id: doc.id, name: "Survey", dataType: "DOC" });
    expect((await attach(s.moderator.cookie, object.id, doc.id)).body).toMatchObject({ status: 409, error: "already_attached" });
    const read = await list(s.member.cookie, object.id);
    expect(read.body.map((x: { abstractData: { id: number } }) => x.abstractData.id)).toEqual([doc.id]);
    expect(await metadata(s.member.cookie, object.id)).toEqual({ issueCount: 0, attachedDataCount: 1, attachedFilesCount: 0 });
    expect((await t.call("DELETE", `/layer-poi/remove-attached-data?lpAttachedAd=${added.body.id}`, { cookie: s.member.cookie })).status).toBe(403);
    expect((await t.call("DELETE", `/layer-poi/remove-attached-data?lpAttachedAd=${added.body.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect((await list(s.member.cookie, object.id)).body).toEqual([]);
    expect((await t.call("DELETE", `/layer-poi/remove-attached-data?lpAttachedAd=${added.body.id}`, { cookie: s.moderator.cookie })).body.error).toBe("attached_data_not_found");
  });

  test("outsiders and removed members get the object's 404; bad ids a 422; an item of another project is refused", async () => {
    const { s, object, doc } = await scene();
    await attach(s.moderator.cookie, object.id, doc.id);
    expect((await list(s.outsider.cookie, object.id)).status).toBe(404);
    expect((await attach(s.outsider.cookie, object.id, doc.id)).status).toBe(404);
    for (const bad of ["0", "abc", "-1", "1e3", "99999999999999999"]) expect([bad, (await t.call("GET", `/layer-poi/get-list-of-attached-data?lpId=${bad}`, { cookie: s.member.cookie })).status]).toEqual([bad, 422]);
    expect((await list(s.member.cookie, object.id + 1000)).body.error).toBe("layer_poi_not_found");
    const elsewhere = f.dataItem(f.project("Other").id, { name: "Foreign" });
    expect((await attach(s.moderator.cookie, object.id, elsewhere.id)).status).toBe(404);
    const own = f.dataItem(s.project.id, { name: "Own" });
    expect((await attach(s.moderator.cookie, object.id + 1000, own.id)).status).toBe(404);
    t.db.delete(userProjects).where(and(eq(userProjects.userId, s.member.user.id), eq(userProjects.projectId, s.project.id))).run();
    expect((await list(s.member.cookie, object.id)).status).toBe(404);
    expect(links().data).toBeGreaterThan(0);
  });

  test("a reader limited to categories never sees an attached document of a category they lack, in the list or the counts", async () => {
    const { s, layer, object } = await scene();
    const mine = f.category(s.project.id, { name: "Field" });
    const secret = f.category(s.project.id, { name: "Secret" });
    t.db.insert(dataCategories).values({ dataId: layer.id, categoryId: mine.id }).run();
    const open = f.dataItem(s.project.id, { name: "Open" }, [mine.id]);
    const hidden = f.dataItem(s.project.id, { name: "Hidden" }, [secret.id]);
    await attach(s.moderator.cookie, object.id, open.id);
    await attach(s.moderator.cookie, object.id, hidden.id);
    const membership = t.db.select().from(userProjects).where(and(eq(userProjects.userId, s.member.user.id), eq(userProjects.projectId, s.project.id))).get()!;
    f.assignCategories(membership.id, [mine.id]);
    expect((await list(s.member.cookie, object.id)).body.map((x: { abstractData: { name: string } }) => x.abstractData.name)).toEqual(["Open"]);
    expect((await metadata(s.member.cookie, object.id)).attachedDataCount).toBe(1);
    const related = await t.call("GET", `/layer/get-related-data?layerId=${layer.id}&featureSys=${object.id}`, { cookie: s.member.cookie });
    expect(related.body.dataList.map((x: { abstractData: { name: string } }) => x.abstractData.name)).toEqual(["Open"]);
    expect((await list(s.moderator.cookie, object.id)).body).toHaveLength(2);
  });

  test("deleting the object, or the attached item, removes the link and nothing answers 500", async () => {
    const { s, object, doc } = await scene();
    const other = f.dataItem(s.project.id, { name: "Plan" });
    await attach(s.moderator.cookie, object.id, doc.id);
    await attach(s.moderator.cookie, object.id, other.id);
    t.db.delete(dataItems).where(eq(dataItems.id, other.id)).run();
    expect((await list(s.member.cookie, object.id)).body).toHaveLength(1);
    expect((await t.call("DELETE", `/layer-poi?id=${object.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect(links().data).toBe(0);
    expect((await list(s.member.cookie, object.id)).status).toBe(404);
  });
});

describe("files attached to an object", () => {
  test("an editor uploads into their drive and attaches; readers open it; a detached file stays in the drive", async () => {
    const { s, object } = await scene();
    const sent = await upload(s.moderator.cookie, object.id, "notes.txt", "depth 12 m");
    expect(sent.status).toBe(200);
    expect(sent.body).toHaveLength(1);
    const [file] = (await t.call("GET", `/files/get-attached-files?lpId=${object.id}`, { cookie: s.member.cookie })).body;
    expect(file).toMatchObject({ name: "notes.txt", owner: { id: s.moderator.user.id }, size: 10 });
    const bytes = await t.app.handle(new Request(`http://plexus.test/api/files/get-attached-file/${file.id}?inline=1`, { headers: { cookie: s.member.cookie } }));
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await bytes.text()).toBe("depth 12 m");
    const byToken = (cookie: string) => t.app.handle(new Request(`http://plexus.test/api/files/get-user-file/${file.token}?inline=1`, { headers: { cookie } }));
    expect((await byToken(s.member.cookie)).status).toBe(200);
    expect((await byToken(s.outsider.cookie)).status).toBe(404);
    expect((await t.call("GET", `/files/get-attached-file/${file.id}`, { cookie: s.outsider.cookie })).body.error).toBe("attached_file_not_found");
    expect((await metadata(s.member.cookie, object.id)).attachedFilesCount).toBe(1);
    expect((await t.call("DELETE", `/files/attached-file?id=${file.id}`, { cookie: s.member.cookie })).status).toBe(403);
    expect((await t.call("DELETE", `/files/attached-file?id=${file.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect((await byToken(s.member.cookie)).status).toBe(404);
    expect((await t.call("GET", `/files/get-attached-files?lpId=${object.id}`, { cookie: s.member.cookie })).body).toEqual([]);
    expect((await t.call("GET", "/files/get-file-entities", { cookie: s.moderator.cookie })).body.map((x: { name: string }) => x.name)).toEqual(["notes.txt"]);
  });

  test("a reader is refused before a byte is read; a 1 GB body past the editor's room is cut off early; bytes that lie are refused", async () => {
    const { s, object } = await scene();
    const reader = endlessUpload(1024 ** 3);
    const refused = await t.app.handle(uploadRequest(s.member.cookie, object.id, reader.stream, { "content-type": "multipart/form-data; boundary=b" }));
    expect(refused.status).toBe(403);
    expect(reader.pulled.bytes).toBeLessThan(4 * 1024 * 1024);
    expect((await t.call("POST", "/files/set-quota", { cookie: s.admin.cookie, body: { userId: s.moderator.user.id, quotaMb: 2 } })).status).toBe(200);
    const huge = endlessUpload(1024 ** 3);
    const cut = await t.app.handle(uploadRequest(s.moderator.cookie, object.id, huge.stream, { "content-type": "multipart/form-data; boundary=b" }));
    expect(cut.status).toBe(413);
    expect(huge.pulled.bytes).toBeLessThan(64 * 1024 * 1024);
    expect((await upload(s.moderator.cookie, object.id, "plan.pdf", "not a pdf at all")).status).toBe(415);
    expect(links().files).toBe(0);
    expect((await t.call("GET", "/files/get-file-entities", { cookie: s.moderator.cookie })).body).toEqual([]);
  });

  test("drive files of one's own are attached by record; someone else's is a 404 and nothing is attached; deleting the object drops the links", async () => {
    const { s, object } = await scene();
    const form = new FormData();
    form.append("file", new File(["a,b\n1,2\n"], "levels.csv"));
    const own = await (await t.app.handle(new Request("http://plexus.test/api/files/save-user-file", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: s.moderator.cookie }, body: form }))).json();
    const form2 = new FormData();
    form2.append("file", new File(["x"], "theirs.txt"));
    const theirs = await (await t.app.handle(new Request("http://plexus.test/api/files/save-user-file", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: s.admin.cookie }, body: form2 }))).json();
    const records = (ids: number[]) => t.call("POST", "/files/save-attached-data-records", { cookie: s.moderator.cookie, body: { lpId: object.id, files: ids.map((id) => ({ id })) } });
    expect((await records([own.id, theirs.id])).status).toBe(404);
    expect(links().files).toBe(0);
    expect((await records([own.id])).body.map((x: { name: string }) => x.name)).toEqual(["levels.csv"]);
    expect((await t.call("DELETE", `/layer-poi?id=${object.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect(links().files).toBe(0);
  });
});

describe("related data of a layer's feature", () => {
  test("tasks placed on the object and items bound to a ZWS feature, for readers; editors bind and unbind", async () => {
    const { s, layer, object, doc } = await scene();
    t.db.insert(issues).values({ projectId: s.project.id, name: "Fix the pump", description: "", layerPoi: String(object.id) }).run();
    const related = (cookie: string, sys: string) => t.call("GET", `/layer/get-related-data?layerId=${layer.id}&featureSys=${encodeURIComponent(sys)}`, { cookie });
    expect((await related(s.member.cookie, String(object.id))).body.issueList.map((x: { name: string }) => x.name)).toEqual(["Fix the pump"]);
    expect((await metadata(s.member.cookie, object.id)).issueCount).toBe(1);
    const bind = (cookie: string, path: string) => t.call("GET", `/layer/${path}?layerId=${layer.id}&featureSys=zws::17&abstractDataId=${doc.id}`, { cookie });
    expect((await bind(s.member.cookie, "bind-data-to-feature")).status).toBe(403);
    expect((await bind(s.moderator.cookie, "bind-data-to-feature")).body.dataList.map((x: { abstractData: { id: number } }) => x.abstractData.id)).toEqual([doc.id]);
    expect((await related(s.member.cookie, "zws::17")).body.dataList).toHaveLength(1);
    expect((await t.call("GET", `/layer/bind-data-to-feature?layerId=${layer.id}&featureSys=zws::17&abstractDataId=${doc.id}`, { cookie: s.moderator.cookie, bare: true })).status).toBe(403);
    expect((await bind(s.moderator.cookie, "unbind-data-to-feature")).body.dataList).toEqual([]);
    expect((await bind(s.moderator.cookie, "unbind-data-to-feature")).status).toBe(404);
    expect((await related(s.outsider.cookie, "zws::17")).status).toBe(404);
  });
});

describe("bad input", () => {
  test("every route refuses ids that are not ids, and empty or padded feature keys, with a 422 and changes nothing", async () => {
    const { s, layer, object, doc } = await scene();
    const cookie = s.moderator.cookie;
    const calls: [string, string, unknown?][] = [
      ["GET", "/files/get-attached-files?lpId=0"],
      ["GET", "/files/get-attached-file/abc"],
      ["DELETE", "/files/attached-file?id=-1"],
      ["DELETE", "/layer-poi/remove-attached-data?lpAttachedAd=1.0"],
      ["POST", "/layer-poi/add-attached-data", { lpId: 0, adId: doc.id }],
      ["POST", "/layer-poi/add-attached-data", { lpId: object.id, adId: 1.5 }],
      ["POST", "/files/save-attached-data-records", { lpId: object.id, files: [] }],
      ["POST", "/files/save-attached-data?lpId=x"],
      ["GET", `/layer/get-related-data?layerId=${layer.id}&featureSys=`],
      ["GET", `/layer/bind-data-to-feature?layerId=${layer.id}&featureSys=%20a&abstractDataId=${doc.id}`],
      ["GET", `/layer/unbind-data-to-feature?layerId=0&featureSys=a&abstractDataId=${doc.id}`],
      ["POST", "/chats/chat-for-layer-poi", { lpId: 0 }],
    ];
    for (const [method, path, body] of calls) expect([path, (await t.call(method, path, { cookie, body })).status]).toEqual([path, 422]);
    expect(links()).toEqual({ data: 0, files: 0 });
  });
});

describe("the document dialog", () => {
  test("a staged upload is previewed by its uploader only; save-for-project makes a typed document with a new source and keyword", async () => {
    const { s, object } = await scene();
    const form = new FormData();
    form.append("file", new File(["%PDF-1.4 not really"], "report.txt"));
    const staged = await (await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: s.moderator.cookie }, body: form }))).json();
    const path = staged[0].path as string;
    const preview = (cookie: string) => t.app.handle(new Request(`http://plexus.test/api/files/get-temp-file/${path}`, { headers: { cookie } }));
    expect((await preview(s.moderator.cookie)).status).toBe(200);
    expect((await preview(s.admin.cookie)).status).toBe(404);
    t.db.update(stagedFiles).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(stagedFiles.path, path)).run();
    expect((await preview(s.moderator.cookie)).status).toBe(404);
    t.db.update(stagedFiles).set({ createdAt: new Date() }).where(eq(stagedFiles.path, path)).run();
    const body = { name: "Pump report", provider: "Field crew", keywords: ["pump"], path };
    expect((await t.call("POST", `/docs/save-for-project/${s.project.id}`, { cookie: s.member.cookie, body })).status).toBe(403);
    const saved = await t.call("POST", `/docs/save-for-project/${s.project.id}`, { cookie: s.moderator.cookie, body });
    expect(saved.status).toBe(200);
    expect(saved.body.version.type).toBe("OTHER");
    expect((await preview(s.moderator.cookie)).status).toBe(404);
    expect((await attach(s.moderator.cookie, object.id, saved.body.id)).status).toBe(200);
    const item = await t.call("GET", `/data/get?id=${saved.body.id}`, { cookie: s.member.cookie });
    expect(item.body).toMatchObject({ dataType: "DOC", provider: { name: "Field crew" }, keywords: [{ value: "pump" }] });
  });
});

describe("the object's comment chat", () => {
  test("readers of the layer open one chat per object; outsiders and removed members cannot enter it; it goes with the object", async () => {
    const { s, object } = await scene();
    const open = (cookie: string, lpId = object.id) => t.call("POST", "/chats/chat-for-layer-poi", { cookie, body: { lpId } });
    const first = await open(s.member.cookie);
    expect(first.status).toBe(200);
    expect((await open(s.moderator.cookie)).body.id).toBe(first.body.id);
    expect((await open(s.outsider.cookie)).status).toBe(404);
    const chat = await t.call("GET", `/chats/get?chatId=${first.body.id}`, { cookie: s.member.cookie });
    expect(chat.body).toMatchObject({ type: "POI", description: "North well" });
    expect((await t.call("GET", `/chats/get?chatId=${first.body.id}`, { cookie: s.outsider.cookie })).status).toBe(404);
    t.db.delete(userProjects).where(and(eq(userProjects.userId, s.member.user.id), eq(userProjects.projectId, s.project.id))).run();
    expect((await t.call("GET", `/chats/get?chatId=${first.body.id}`, { cookie: s.member.cookie })).status).toBe(404);
    expect((await t.call("GET", "/chats/get-all", { cookie: s.member.cookie })).body.some((x: { id: number }) => x.id === first.body.id)).toBe(false);
    expect((await t.call("DELETE", `/layer-poi?id=${object.id}`, { cookie: s.moderator.cookie })).status).toBe(200);
    expect((await t.call("GET", `/chats/get?chatId=${first.body.id}`, { cookie: s.moderator.cookie })).status).toBe(404);
  });
});
