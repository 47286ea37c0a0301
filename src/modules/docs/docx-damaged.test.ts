import { expect, test } from "bun:test";
import { stagedFiles } from "../../../db/schema";
import { makeDocx } from "../../lib/sample-documents";
import { inflateEntry, readZipDirectory } from "../../lib/zip";
import { OWN_PAGE_HEADERS, withTestApp } from "../../testing/harness";
import { countStoredFiles } from "../../testing/stored-files";
import { storedZip } from "../../testing/zip-fixture";

const { t, f } = withTestApp();

async function upload(cookie: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], name));
  const response = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  return { status: response.status, body: await response.json() };
}

/**
 * A DOCX whose stored (uncompressed) document.xml had a byte changed: mammoth's zip reader does not check
 * checksums, so it was converted with the changed text (200). Now the part fails its CRC-32: 422, nothing staged.
 */
test("a DOCX with a changed byte in its text is refused, not converted with the change", async () => {
  const s = await f.projectScene();
  const bytes = await makeDocx("Survey", [{ heading: "Findings", paragraphs: ["Corrosion on pier three."] }]);
  const entries = await readZipDirectory((start, end) => bytes.subarray(start, end), bytes.length);
  const parts = entries.map((entry) => [entry.name, inflateEntry(bytes, entry)] as [string, Uint8Array]);
  const sound = storedZip(parts);
  expect(await upload(s.moderator.cookie, "sound.docx", sound)).toMatchObject({ status: 200, body: [{ type: "MS_DOC" }] });

  const changed = sound.slice();
  const at = Buffer.from(changed).indexOf("pier three");
  changed[at] = "b".charCodeAt(0);
  const res = await upload(s.moderator.cookie, "changed.docx", changed);
  expect(res).toMatchObject({ status: 422, body: { error: "file_unreadable" } });
  expect(t.db.select().from(stagedFiles).all()).toHaveLength(1);
  expect(countStoredFiles(t.config.dataDir)).toBe(1);
});
