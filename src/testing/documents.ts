import { expect } from "bun:test";
import { OWN_PAGE_HEADERS, type TestApp } from "./harness";

type FileInput = { name: string; bytes: Uint8Array | string };

/** Uploads `files` through files/save; answers their staged paths. */
export async function stageFiles(t: TestApp, cookie: string, files: FileInput[]) {
  const form = new FormData();
  for (const file of files) form.append("file", new File([file.bytes as BlobPart], file.name));
  const staged = await t.app.handle(new Request("http://plexus.test/api/files/save", { method: "POST", headers: { ...OWN_PAGE_HEADERS, cookie }, body: form }));
  expect(staged.status).toBe(200);
  return (await staged.json()) as { path: string }[];
}

/** Uploads `files` and saves them as documents of `projectId` (the upload wizard's save); answers what the save answers. */
export async function saveDocuments(t: TestApp, cookie: string, projectId: number, files: FileInput[]) {
  const body = await stageFiles(t, cookie, files);
  const saved = await t.call("POST", `/docs/save-all/${projectId}`, { cookie, body: body.map((s, i) => ({ path: s.path, name: files[i]!.name, provider: "Lab" })) });
  expect(saved.status).toBe(200);
  return saved.body as { id: number; version: { id: number } & Record<string, unknown> }[];
}
