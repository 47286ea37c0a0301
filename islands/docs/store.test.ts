/**
 * The document page's store against the real server (routes, policy, SQLite): the browser's typed
 * client is pointed at the app, signed in as the moderator.
 */
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { makePdf } from "../../src/lib/sample-documents";
import { factories } from "../../src/testing/factories";
import { OWN_PAGE_HEADERS, testApp, type TestApp } from "../../src/testing/harness";
import { ApiError } from "../lib/api";
import type { Version } from "./common";
import { createDocStore } from "./store";

let t: TestApp;
let cookie = "";
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  for (const [name, value] of Object.entries({ ...OWN_PAGE_HEADERS, cookie })) request.headers.set(name, value);
  return t.app.handle(request);
}) as typeof fetch;
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t?.close();
});

beforeEach(async () => {
  await t?.close();
  t = testApp();
});

/** A document with a version per file, added in order (so the last is the newest), as the moderator. */
async function documentWith(files: { name: string; bytes: Uint8Array | string }[]) {
  const scene = await factories(t).projectScene({ name: "Docs" });
  cookie = scene.moderator.cookie;
  const item = factories(t).dataItem(scene.project.id, { name: "Survey" });
  for (const file of files) {
    const form = new FormData();
    form.append("file", new File([file.bytes as BlobPart], file.name));
    const staged = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
    const [{ path }] = (await staged.json()) as { path: string }[];
    expect((await t.call("POST", "/docs/add-doc-version", { cookie, body: { data: { id: item.id }, path } })).status).toBe(200);
  }
  const versions = (await t.call("GET", `/docs/get-all-versions/${item.id}`, { cookie })).body as Version[];
  return createDocStore({ dataId: item.id, canModerate: true, versions, authors: {}, me: { id: scene.moderator.user.id, name: "Mona Moderator" } });
}

describe("the document page's store", () => {
  test("versions of two types get tabs; choosing a tab selects its newest; a comparison ends with a selection", async () => {
    const store = await documentWith([
      { name: "scan.pdf", bytes: makePdf([["Scan"]]) },
      { name: "notes.txt", bytes: "plain notes" },
      { name: "photo-notes.txt", bytes: "more notes" },
    ]);
    expect(store.typesPresent.value).toEqual(["PDF", "OTHER"]);
    expect(store.activeType.value).toBe("OTHER");
    expect(store.shown.value.map((v) => v.name)).toEqual(["photo-notes.txt", "notes.txt"]);
    expect(store.selected.value?.name).toBe("photo-notes.txt");

    store.chooseType("PDF");
    expect(store.shown.value.map((v) => v.name)).toEqual(["scan.pdf"]);
    expect(store.selected.value?.name).toBe("scan.pdf");

    const [newer, older] = store.versions.value;
    store.compare(older!, newer!);
    expect(store.comparing.value?.after.id).toBe(newer!.id);
    store.select(older!.id);
    expect(store.comparing.value).toBeNull();
  });

  test("a rename the server refuses changes nothing; an accepted one changes the list", async () => {
    const store = await documentWith([{ name: "notes.txt", bytes: "plain notes" }]);
    const [only] = store.versions.value;
    const refused = await store.saveVersion(only!.id, "Site notes", "x".repeat(300)).catch((error) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).details.map((d) => d.path)).toEqual(["body.description"]);
    expect(store.versions.value[0]!.name).toBe("notes.txt");

    await store.saveVersion(only!.id, "Site notes", "Before the repair");
    expect(store.versions.value[0]).toMatchObject({ name: "Site notes", description: "Before the repair" });
    expect(store.selected.value?.name).toBe("Site notes");
  });

  test("removing the selected version selects the next of its type; removing the last leaves none selected", async () => {
    const store = await documentWith([
      { name: "first.txt", bytes: "one" },
      { name: "second.txt", bytes: "two" },
    ]);
    expect(store.selected.value?.name).toBe("second.txt");
    await store.removeVersion(store.selected.value!);
    expect(store.versions.value.map((v) => v.name)).toEqual(["first.txt"]);
    expect(store.selected.value?.name).toBe("first.txt");

    await store.removeVersion(store.selected.value!);
    expect(store.versions.value).toEqual([]);
    expect(store.selected.value).toBeUndefined();
    expect((await t.call("GET", `/docs/get-all-versions/${store.data.dataId}`, { cookie })).body).toEqual([]);
  });
});
