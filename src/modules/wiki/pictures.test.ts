import { beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { articleAttachments, userProjects } from "../../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { countStoredFiles } from "../../testing/stored-files";
import { WIKI_LIMITS } from "./limits";
import { removeUnclaimedPictures } from "./pictures";

const { t, f } = withTestApp();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
type Cookie = { cookie: string };

async function upload(who: Cookie, name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await t.app.handle(new Request("http://plexus.test/api/article/upload-picture", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: who.cookie }, body: form }));
  return { status: response.status, body: await response.json() };
}
const picture = (who: Cookie, url: string, headers: Record<string, string> = {}) => t.app.handle(new Request(`http://plexus.test${url}`, { headers: { cookie: who.cookie, ...headers } }));
const save = (who: Cookie, body: Record<string, unknown>) => t.call("POST", "/article/save", { cookie: who.cookie, body });

let scene: Awaited<ReturnType<typeof f.projectScene>>;
beforeEach(async () => {
  scene = await f.projectScene();
});

describe("pictures in articles", () => {
  test("a picture is seen by its uploader alone until an article shows it, then by everyone who reads the article", async () => {
    const up = await upload(scene.moderator, "pasted image.png", PNG);
    expect(up.status).toBe(200);
    expect(up.body.url).toBe(`/api/article/picture/${up.body.id}`);
    expect((await picture(scene.moderator, up.body.url)).status).toBe(200);
    expect((await picture(scene.member, up.body.url)).status).toBe(404);

    const saved = await save(scene.moderator, { title: "Pour", content: `<p><img src="${up.body.url}" alt="Slab 3 after the pour"></p>`, projectId: scene.project.id });
    expect(saved.body.content).toContain(`alt="Slab 3 after the pour"`);
    const seen = await picture(scene.member, up.body.url);
    expect(seen.status).toBe(200);
    expect(new Uint8Array(await seen.arrayBuffer())).toEqual(PNG);
    expect(seen.headers.get("content-type")).toBe("image/png");
    expect(seen.headers.get("x-content-type-options")).toBe("nosniff");
    expect(seen.headers.get("cache-control")).toBe("private, no-cache");
    const again = await picture(scene.member, up.body.url, { "if-none-match": seen.headers.get("etag")! });
    expect(again.status).toBe(304);

    for (const who of [scene.outsider, await t.userWithCookie("MODERATOR")]) {
      const refused = await picture(who, up.body.url);
      expect([refused.status, (await refused.json()).error]).toEqual([404, "picture_not_found"]);
    }
  });

  test("a member removed from the project is refused the picture at once, even with the tag of their cached copy", async () => {
    const up = await upload(scene.moderator, "a.png", PNG);
    await save(scene.moderator, { title: "Pour", content: `<img src="${up.body.url}" alt="">`, projectId: scene.project.id });
    const etag = (await picture(scene.member, up.body.url)).headers.get("etag")!;
    t.db.delete(userProjects).where(and(eq(userProjects.userId, scene.member.user.id), eq(userProjects.projectId, scene.project.id))).run();
    expect((await picture(scene.member, up.body.url, { "if-none-match": etag })).status).toBe(404);
  });

  test("a picture in the shared wiki is read by every signed-in user; another writer cannot claim one they did not upload", async () => {
    const writer = await t.userWithCookie("MODERATOR");
    const other = await t.userWithCookie("MODERATOR");
    const up = await upload(writer, "a.png", PNG);
    const stolen = await save(other, { title: "Mine", content: `<img src="${up.body.url}" alt="x">` });
    expect(stolen.status).toBe(200);
    expect(t.db.select().from(articleAttachments).get()!.articleId).toBeNull();
    await save(writer, { title: "Guide", content: `<img src="${up.body.url}" alt="x">` });
    expect((await picture(scene.outsider, up.body.url)).status).toBe(200);
  });

  test("bytes that are no picture (415), an empty file (422), a picture past the limit (413) and a reader who writes nowhere (403): nothing kept", async () => {
    const refusals = [
      [await upload(scene.moderator, "notes.png", "just text, not a picture"), 415, "picture_type_unsupported"],
      [await upload(scene.moderator, "page.html", "<svg onload=alert(1)>"), 415, "picture_type_unsupported"],
      [await upload(scene.moderator, "empty.png", ""), 422, "file_empty"],
      [await upload(scene.moderator, "big.png", new Uint8Array(WIKI_LIMITS.pictureBytes + 1).fill(7, 16).map((b, i) => PNG[i] ?? b)), 413, "payload_too_large"],
      [await upload(scene.member, "a.png", PNG), 403, "wiki_read_only"],
    ] as const;
    for (const [res, status, error] of refusals) expect([res.status, res.body.error]).toEqual([status, error]);
    expect(t.db.select().from(articleAttachments).all()).toEqual([]);
    expect(countStoredFiles(t.config.dataDir)).toBe(0);
  });

  test("a picture no article took is removed, row and file, once its grace period is over; a saved one stays", async () => {
    const uploadedAt = Date.now();
    const kept = await upload(scene.moderator, "kept.png", PNG);
    const abandoned = await upload(scene.moderator, "abandoned.png", PNG);
    await save(scene.moderator, { title: "Pour", content: `<img src="${kept.body.url}" alt="x">`, projectId: scene.project.id });
    expect(countStoredFiles(t.config.dataDir)).toBe(2);
    const hour = 60 * 60_000;
    expect(removeUnclaimedPictures(t.db, t.config.dataDir, uploadedAt + WIKI_LIMITS.unclaimedPictureMs - hour)).toBe(0);
    expect((await picture(scene.moderator, abandoned.body.url)).status).toBe(200);
    expect(removeUnclaimedPictures(t.db, t.config.dataDir, uploadedAt + WIKI_LIMITS.unclaimedPictureMs + hour)).toBe(1);
    expect(t.db.select({ id: articleAttachments.id }).from(articleAttachments).all()).toEqual([{ id: kept.body.id }]);
    expect(countStoredFiles(t.config.dataDir)).toBe(1);
    expect((await picture(scene.moderator, abandoned.body.url)).status).toBe(404);
    expect((await picture(scene.member, kept.body.url)).status).toBe(200);
  });

  test("deleting the article removes its pictures and their files", async () => {
    const up = await upload(scene.moderator, "a.png", PNG);
    const id = (await save(scene.moderator, { title: "Pour", content: `<img src="${up.body.url}" alt="x">`, projectId: scene.project.id })).body.article.id;
    expect(countStoredFiles(t.config.dataDir)).toBe(1);
    expect((await t.call("POST", `/article/delete/${id}`, { cookie: scene.admin.cookie })).status).toBe(200);
    expect(t.db.select().from(articleAttachments).all()).toEqual([]);
    expect(countStoredFiles(t.config.dataDir)).toBe(0);
  });
});
