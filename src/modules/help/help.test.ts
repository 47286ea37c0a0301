import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MANUAL_DIR } from "./service";
import { withTestApp } from "../../testing/harness";

const { t } = withTestApp();

test("the user manual is a tree of pages with their sections, in the reader's language", async () => {
  const { cookie } = await t.userWithCookie();
  const en = await t.call("GET", "/user-manual", { cookie });
  expect(en.status).toBe(200);
  expect(en.body[0].title).toBe("Getting started");
  expect(en.body[0].children.map((c: { title: string }) => c.title)).toContain("Forgotten password");
  expect(en.body[0].html).toContain(`id="${en.body[0].children[0].id}"`);
  const ru = await t.call("GET", "/user-manual", { cookie, headers: { "accept-language": "ru" } });
  expect(ru.body[0].title).not.toBe("Getting started");
  expect((await t.call("GET", "/user-manual")).status).toBe(401);
});

test("health answers ok with the build", async () => {
  expect((await t.call("GET", "/health")).body).toEqual({ status: "ok", build: "1" });
});

test("the manual has the same chapters and sections in every language, and chapters on projects, documents, chat, files and the knowledge base", () => {
  const chapters = (locale: string) => readdirSync(join(MANUAL_DIR, locale)).sort();
  const sections = (locale: string) =>
    chapters(locale).map((file) => readFileSync(join(MANUAL_DIR, locale, file), "utf8").match(/^## /gm)?.length ?? 0);
  expect(chapters("en")).toEqual(expect.arrayContaining(["03-projects.md", "04-documents.md", "05-chat.md", "06-files.md", "09-wiki.md"]));
  for (const locale of ["ru", "es"]) {
    expect(chapters(locale)).toEqual(chapters("en"));
    expect(sections(locale)).toEqual(sections("en"));
  }
});
