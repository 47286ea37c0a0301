import { describe, expect, test } from "bun:test";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";

// Pictures in a task's description: uploaded by its editors, checked by their bytes and size, readable by
// whoever may read the task and nobody else, and a description may show only its own task's pictures.

const { t, f } = withTestApp();

type Person = { cookie: string };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function upload(who: Person, issueId: number, name: string, bytes: BlobPart) {
  const form = new FormData();
  form.append("file", new File([bytes], name));
  const res = await t.app.handle(new Request(`http://plexus.test/api/issue/upload-picture?id=${issueId}`, { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie: who.cookie }, body: form }));
  return { status: res.status, body: await res.json() };
}

const view = (who: Person, token: string) => t.app.handle(new Request(`http://plexus.test/api/files/get-user-file/${token}?inline=1`, { headers: { cookie: who.cookie } }));
const withPicture = (token: unknown, caption = "Crack at <span> 2") =>
  JSON.stringify({ time: 1, version: "2.31.7", blocks: [{ type: "paragraph", data: { text: "See" } }, { type: "image", data: { file: { token }, caption } }] });

describe("description pictures", () => {
  test("an editor uploads a picture; the description shows it to every reader of the task, not to outsiders", async () => {
    const s = await f.projectScene();
    const issue = (await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "Span 2", project: { id: s.project.id } } })).body;
    const up = await upload(s.member, issue.id, "crack.png", PNG);
    expect(up.status).toBe(200);
    const { token } = up.body;
    const saved = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id: issue.id, description: withPicture(token) } });
    expect(saved.status).toBe(200);
    expect(saved.body.descriptionHtml).toBe(
      `<p>See</p><figure><img src="/api/files/get-user-file/${token}?inline=1" alt="Crack at &lt;span&gt; 2" loading="lazy" /><figcaption>Crack at &lt;span&gt; 2</figcaption></figure>`,
    );
    const seen = await view(s.moderator, token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/png");
    expect(seen.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await view(s.outsider, token)).status).toBe(404);
  });

  test("refused: not an editor, not a picture, bytes that are not the extension's, too big; and another task's picture or a made-up token in a description", async () => {
    const s = await f.projectScene();
    const issue = (await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "Span 3", project: { id: s.project.id } } })).body;
    const other = (await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "Span 4", project: { id: s.project.id } } })).body;
    const reader = await t.userWithCookie("USER");
    f.member(reader.user.id, s.project.id);
    expect((await upload(reader, issue.id, "a.png", PNG)).status).toBe(403);
    expect((await upload(s.outsider, issue.id, "a.png", PNG)).status).toBe(404);
    expect((await upload(s.member, issue.id, "notes.txt", "plain text"))).toMatchObject({ status: 415, body: { error: "issue_picture_type" } });
    expect((await upload(s.member, issue.id, "fake.png", "GIF89a not a png"))).toMatchObject({ status: 415, body: { error: "file_type_mismatch" } });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(s.member, issue.id, "big.png", big)).status).toBe(413);
    // Nothing of the refused uploads stays in the uploader's drive.
    expect((await t.call("GET", "/files/get-file-entities", { cookie: s.member.cookie })).body).toEqual([]);

    const elsewhere = (await upload(s.member, other.id, "other.png", PNG)).body.token;
    for (const token of [elsewhere, "made-up-token", "../../etc"]) {
      const refused = await t.call("POST", "/issue/update", { cookie: s.member.cookie, body: { id: issue.id, description: withPicture(token) } });
      expect(refused.status).toBe(422);
      expect(refused.body.details[0].code).toBe("issue.unknownPicture");
    }
    const creating = await t.call("POST", "/issue/save", { cookie: s.member.cookie, body: { name: "New", project: { id: s.project.id }, description: withPicture(elsewhere) } });
    expect(creating.status).toBe(422);
  });
});
