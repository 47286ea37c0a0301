import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { en } from "../locales/en";
import { ru } from "../locales/ru";
import { apiCall, apiSignIn, browserSuite, signedInPage } from "./setup";

// Category access as people meet it: a USER given only "Site photos" in the project users dialog
// sees that category and its documents and nothing else; an administrator naming a second category
// like the first is told so in the dialog.

const TIMEOUT = 60_000;

const suite = browserSuite();

/** A signed-in page for `person` in a fresh context (in `locale` when given). */
async function pageAs(person: { login: string; password: string }, locale?: string): Promise<Page> {
  const { page, context } = await signedInPage(suite.browser, suite.plexus.url, await apiSignIn(suite.plexus.url, person.login, person.password));
  if (locale) await context.addCookies([{ name: "plexus_locale", value: locale, url: suite.plexus.url }]);
  return page;
}

/** A project with "Site photos" and "Drawings", a document in each and one in neither; its ids and the administrator's API. */
async function seedProject(name: string) {
  const cookie = await apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);
  const admin = <T = any>(path: string, body?: unknown) => apiCall<T>(suite.plexus.url, cookie, body === undefined ? "GET" : "POST", path, body);
  const project = await admin<{ id: number }>("/project/create", { name });
  const categories: { id: number }[] = [];
  for (const category of ["Site photos", "Drawings"]) categories.push(await admin("/category/save", { name: category, project: { id: project.id } }));
  const doc = (docName: string, category?: { id: number }) =>
    admin<{ id: number }>("/data/save", { dataType: "DOC", name: docName, project: { id: project.id }, categoryList: category ? [category] : [], status: "CHECKED" });
  const docs = { photo: await doc("Pier photo", categories[0]), drawing: await doc("Pier drawing", categories[1]), notes: await doc("Pier notes") };
  return { project, photos: categories[0], drawings: categories[1], docs, admin };
}

const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe("category access", () => {
  test(
    "a USER given only 'Site photos' sees that category and its documents on the project home, the document list and the category page; other documents are not found",
    async () => {
      const { project, photos, drawings, docs, admin } = await seedProject("Harbour works");
      const person = await suite.plexus.newUser();
      await admin("/project/add-user-project", { user: { id: person.id }, project: { id: project.id }, categoryList: [{ id: photos.id }] });
      const page = await pageAs(person);

      await page.goto(`${suite.plexus.url}/project/${project.id}/home`);
      expect((await texts(page, "#category-list .ccard__name")).map((s) => s.trim())).toEqual(["Site photos"]);
      // The document count on the project card is the one document the person sees.
      const docCount = en["project.dataCount"].replace("{{type}}", en["dataType.DOC"]).replace("{{count}}", "1");
      expect(await page.locator(".phead .counts__item", { hasText: docCount }).count()).toBe(1);

      await page.goto(`${suite.plexus.url}/project/${project.id}/doc`);
      await page.getByText("Pier photo").first().waitFor();
      const body = await page.locator("main").textContent();
      expect(body).not.toContain("Pier drawing");
      expect(body).not.toContain("Pier notes");

      await page.goto(`${suite.plexus.url}/project/${project.id}/category/${photos.id}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Site photos");
      expect(await page.getByRole("link", { name: "Pier photo" }).count()).toBe(1);

      const photo = await page.goto(`${suite.plexus.url}/project/${project.id}/doc/${docs.photo.id}`);
      expect(photo!.status()).toBe(200);
      for (const hidden of [docs.drawing, docs.notes]) {
        const response = await page.goto(`${suite.plexus.url}/project/${project.id}/doc/${hidden.id}`);
        expect(response!.status()).toBe(404);
        expect(await page.getByText(en["notFound.title"]).isVisible()).toBe(true);
      }
      // Another category's page is no page for them: it leads home, as an unknown one does.
      await page.goto(`${suite.plexus.url}/project/${project.id}/category/${drawings.id}`);
      expect(new URL(page.url()).pathname).toBe("/");
      await page.context().close();
    },
    TIMEOUT,
  );

  test(
    "an administrator creating a category named like another in any case is told so in the dialog, in Russian, and nothing is added",
    async () => {
      const { project } = await seedProject("Duplicate names");
      const page = await pageAs(suite.plexus.admin, "ru");
      await page.goto(`${suite.plexus.url}/project/${project.id}/home`);
      await page.getByRole("button", { name: ru["category.create"] }).first().click();
      const dialog = page.getByRole("dialog", { name: ru["category.create"] });
      await dialog.getByLabel(ru["category.name"]).fill("site PHOTOS");
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/category/save");
      await dialog.getByRole("button", { name: ru["common.save"] }).click();
      expect((await saved).status()).toBe(409);
      await dialog.getByText(ru["error.category_name_taken"]).waitFor();
      expect(await dialog.getByLabel(ru["category.name"]).getAttribute("aria-invalid")).toBe("true");
      await page.reload();
      expect((await texts(page, "#category-list .ccard__name")).map((s) => s.trim())).toEqual(["Site photos", "Drawings"]);
      await page.context().close();
    },
    TIMEOUT,
  );
});
