import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mdiFilePdfBox, mdiFileWordOutline } from "@mdi/js";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { users } from "../db/schema";
import { makeDocx, makePdf } from "../src/lib/sample-documents";
import { apiCall, apiSignIn, launchBrowser, signedInPage, startPlexus, type Plexus } from "./setup";

// What moderators and administrators change after creating things, in Debian's chromium: a
// project's name and description, any member (moderators and administrators too, never the last
// moderator), any roadmap step, a document's details (and so its category's progress), and
// uploading from a category page with values applied to every file.

const TIMEOUT = 60_000;

let plexus: Plexus;
let browser: Browser;
let adminCookie: string;

beforeAll(async () => {
  [plexus, browser] = await Promise.all([startPlexus(), launchBrowser()]);
  adminCookie = await apiSignIn(plexus.url, plexus.admin.login, plexus.admin.password);
});

afterAll(async () => {
  await browser?.close();
  await plexus?.stop();
});

type Person = Awaited<ReturnType<Plexus["newUser"]>>;
const admin = <T = any>(method: string, path: string, body?: unknown) => apiCall<T>(plexus.url, adminCookie, method, path, body);
const pageOf = async (person: Person | Plexus["admin"], options: Parameters<Browser["newContext"]>[0] = {}) =>
  signedInPage(browser, plexus.url, await apiSignIn(plexus.url, person.login, person.password), options);
const apiDone = (page: Page, path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === `/api/${path}`);

/** A project made by the administrator (a member), with two categories and a moderator (a USER with the flag). */
async function seedProject(name: string) {
  const project = await admin<{ id: number }>("POST", "/project/create", { name, description: "Before", category: "Roads" });
  const site = await admin<{ id: number }>("POST", "/category/save", { name: "Site photos", project: { id: project.id } });
  const drawings = await admin<{ id: number }>("POST", "/category/save", { name: "Drawings", project: { id: project.id } });
  const moderator = await plexus.newUser({ firstName: "Fay" });
  const membership = await admin<{ id: number }>("POST", "/project/add-user-project", { user: { id: moderator.id }, project: { id: project.id }, moderator: true });
  return { project, site, drawings, moderator, membershipId: membership.id };
}

describe("projects", () => {
  test(
    "an administrator renames a project and rewrites its description from the project home",
    async () => {
      const { project, moderator } = await seedProject("Old bridge");
      const { page, context } = await pageOf(plexus.admin);
      await page.goto(`${plexus.url}/project/${project.id}/home`);
      await page.getByRole("button", { name: "Edit project" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit project" });
      expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Old bridge");
      await dialog.getByLabel("Name", { exact: true }).fill("");
      expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      expect(await dialog.getByText("Enter the project name").isVisible()).toBe(true);
      await dialog.getByLabel("Name", { exact: true }).fill("New bridge");
      expect(await dialog.getByText("10 / 50").isVisible()).toBe(true);
      await dialog.getByLabel("Description", { exact: true }).fill("Second crossing, four lanes");
      const saved = apiDone(page, "project/update");
      await dialog.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText("Data saved").waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("New bridge");
      expect(await page.locator(".phead__desc").textContent()).toBe("Second crossing, four lanes");
      expect(await page.title()).toContain("New bridge");

      // A moderator of the project sees no such button.
      await context.close();
      const view = await pageOf(moderator);
      await view.page.goto(`${plexus.url}/project/${project.id}/home`);
      expect(await view.page.getByRole("button", { name: "Edit project" }).count()).toBe(0);
      await view.context.close();
    },
    TIMEOUT,
  );

  test(
    "an administrator removes a MODERATOR and leaves the project, but cannot take the last moderator's flag",
    async () => {
      const { project, moderator } = await seedProject("Members");
      const max = await plexus.newUser({ firstName: "Max" });
      plexus.db.update(users).set({ role: "MODERATOR" }).where(eq(users.id, max.id)).run();
      await admin("POST", "/project/add-user-project", { user: { id: max.id }, project: { id: project.id } });
      const { page, context } = await pageOf(plexus.admin);
      await page.goto(`${plexus.url}/project/${project.id}/home#users`);
      const usersDialog = page.getByRole("dialog", { name: "Project users" });
      const edit = page.locator("#member-dialog");
      const confirm = page.getByRole("dialog", { name: "Please confirm" });

      // A MODERATOR by role: the edit button, the note on rights by role, and Remove.
      await usersDialog.locator(`[data-user-id="${max.id}"]`).getByRole("button", { name: /^Edit: / }).click();
      expect(await edit.getByText("This user's role gives access to the whole project.").isVisible()).toBe(true);
      await edit.getByRole("button", { name: "Remove" }).click();
      const removed = apiDone(page, "project/remove-user-project");
      await confirm.getByRole("button", { name: "Delete" }).click();
      expect((await removed).status()).toBe(200);
      await page.getByText("Data saved").waitFor();
      await usersDialog.locator(`[data-user-id="${max.id}"]`).waitFor({ state: "detached" });

      // The administrator leaves (they still manage every project): Fay remains the moderator.
      await usersDialog.locator(`[data-user-id="${plexus.admin.id}"]`).getByRole("button", { name: /^Edit: / }).click();
      await edit.getByRole("button", { name: "Remove" }).click();
      // The first removal's "Data saved" may still show: wait for this one's answer and its row to go.
      const left = apiDone(page, "project/remove-user-project");
      await confirm.getByRole("button", { name: "Delete" }).click();
      expect((await left).status()).toBe(200);
      await usersDialog.locator(`[data-user-id="${plexus.admin.id}"]`).waitFor({ state: "detached" });

      // Taking Fay's flag would leave nobody to moderate: refused with the reason, nothing changed.
      await usersDialog.locator(`[data-user-id="${moderator.id}"]`).getByRole("button", { name: /^Edit: / }).click();
      await edit.getByRole("switch", { name: "Moderator" }).uncheck();
      const refused = apiDone(page, "project/add-user-project");
      await edit.getByRole("button", { name: "Save" }).click();
      expect((await refused).status()).toBe(409);
      await page.getByText("The project needs a moderator: make another member moderator first").waitFor();
      const membership = await admin("GET", `/users/get-user-project-by-user?userId=${moderator.id}&projectId=${project.id}`);
      expect(membership.moderator).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "an administrator removes a step in the middle of the roadmap",
    async () => {
      const { project } = await seedProject("Roadmap");
      const steps = ["Tender", "Design", "Build"].map((title) => ({ title }));
      await admin("POST", "/project/update", { id: project.id, timeline: { description: "", steps } });
      const { page, context } = await pageOf(plexus.admin);
      await page.goto(`${plexus.url}/project/${project.id}/home#roadmap`);
      await page.getByRole("button", { name: "Edit roadmap" }).click();
      const editor = page.getByRole("dialog", { name: "Edit roadmap" });
      await editor.getByRole("button", { name: "Remove step 2" }).click();
      expect(await editor.getByLabel("Title").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(["Tender", "Build"]);
      expect(await editor.locator("[data-step-label]").allTextContents()).toEqual(["Step 1", "Step 2"]);
      // Focus stays in the editor, on the step that took the removed one's place.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove step 2");
      const saved = apiDone(page, "project/update");
      await editor.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText("Data saved").waitFor();
      const timeline = (await admin("GET", `/project/get?id=${project.id}`)).timeline;
      expect(timeline.steps.map((s: { title: string }) => s.title)).toEqual(["Tender", "Build"]);
      await context.close();
    },
    TIMEOUT,
  );
});

describe("documents", () => {
  test(
    "a moderator edits a document's details on its page, sees them at once, and the category's progress moves",
    async () => {
      const { project, site, moderator } = await seedProject("Details");
      const doc = await admin<{ id: number }>("POST", "/data/save", {
        dataType: "DOC", name: "Pier survey", provider: "Survey Ltd", project: { id: project.id }, categoryList: [{ id: site.id }],
      });
      const { page, context } = await pageOf(moderator);
      await page.goto(`${plexus.url}/project/${project.id}/category/${site.id}`);
      expect(await page.getByText("Checked: 0.0 %").isVisible()).toBe(true);

      await page.goto(`${plexus.url}/project/${project.id}/doc/${doc.id}`);
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
      await page.getByRole("button", { name: "Edit details" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit details" });
      expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Pier survey");
      expect(await dialog.getByLabel("Site photos").isChecked()).toBe(true);
      // A document keeps a data source.
      await dialog.getByLabel("Data source", { exact: true }).fill("");
      await dialog.getByRole("button", { name: "Save" }).click();
      expect(await dialog.getByText("Enter the data source").isVisible()).toBe(true);

      await dialog.getByLabel("Name", { exact: true }).fill("Pier 4 survey");
      await dialog.getByLabel("Data source", { exact: true }).fill("Harbour Office");
      await dialog.getByLabel("Keywords, separated by commas").fill("piles, concrete");
      await dialog.getByLabel("Status", { exact: true }).selectOption("CHECKED");
      await dialog.getByLabel("Description", { exact: true }).fill("North side, after the flood");
      await dialog.getByLabel("Drawings").check();
      const saved = apiDone(page, "data/save");
      await dialog.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("Changes saved").waitFor();
      // In place: the heading and the info panel change, the page itself was not reloaded.
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pier 4 survey");
      await page.getByRole("tab", { name: "Info" }).click();
      const info = page.locator("#panel-info");
      for (const text of ["Harbour Office", "piles", "concrete", "North side, after the flood", "Drawings"]) {
        expect(await info.getByText(text, { exact: true }).isVisible()).toBe(true);
      }
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);

      await page.goto(`${plexus.url}/project/${project.id}/category/${site.id}`);
      expect(await page.getByText("Checked: 100.0 %").isVisible()).toBe(true);
      expect(await page.locator("#category-data a").allTextContents()).toEqual(["Pier 4 survey"]);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "a moderator uploads from a category page: the category chosen, one data source applied to every file, an icon per file type",
    async () => {
      const { project, site, moderator } = await seedProject("Upload here");
      const { page, context } = await pageOf(moderator);
      await page.goto(`${plexus.url}/project/${project.id}/category/${site.id}`);
      await page.getByRole("button", { name: "Upload documents" }).click();
      const wizard = page.getByRole("dialog", { name: "Upload documents" });
      expect(await wizard.getByLabel("Site photos").isChecked()).toBe(true);
      expect(await wizard.getByLabel("Drawings").isChecked()).toBe(false);
      await page.locator("#wizard-files").setInputFiles([
        { name: "pier-survey.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.from(await makeDocx("Pier", [{ heading: "Scope", paragraphs: ["Piles."] }])) },
        { name: "load-test.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["Load test"]])) },
      ]);
      expect(await wizard.locator("[data-file-icon] svg").evaluateAll((icons) => icons.map((i) => (i as SVGElement).dataset.kind))).toEqual(["word", "pdf"]);
      await page.waitForFunction(() => document.querySelectorAll("#upload-wizard li[data-state=done]").length === 2);
      await wizard.getByRole("button", { name: "Next" }).click();

      await wizard.getByLabel("Data source of every document").fill("Drone team");
      await wizard.getByLabel("Keywords of every document, separated by commas").fill("aerial");
      await wizard.getByLabel("Status of every document").selectOption("CHECKED");
      await wizard.getByRole("button", { name: "Apply to all documents" }).click();
      expect(await wizard.getByText("Applied to 2 documents.").isVisible()).toBe(true);
      const forms = wizard.locator("[data-wizard-forms] > fieldset");
      for (const n of [0, 1]) {
        expect(await forms.nth(n).locator("[data-field=provider]").inputValue()).toBe("Drone team");
        expect(await forms.nth(n).locator("[data-field=status]").inputValue()).toBe("CHECKED");
      }
      // Each document can still differ.
      await forms.nth(1).locator("[data-field=status]").selectOption("NO_DATA");
      const saved = apiDone(page, "docs/save-all/" + project.id);
      await wizard.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);
      await page.waitForFunction(() => document.querySelectorAll("#category-data > li").length === 2);
      expect(await page.locator("#category-data a").allTextContents()).toEqual(["load-test", "pier-survey"]);
      expect(await page.getByText("Checked: 50.0 %").isVisible()).toBe(true);
      const icon = (name: string) => page.locator("#category-data > li", { hasText: name }).locator("svg path").getAttribute("d");
      expect(await icon("load-test")).toBe(mdiFilePdfBox);
      expect(await icon("pier-survey")).toBe(mdiFileWordOutline);
      const listed = await admin("POST", `/data/find-pageable-search-result?type=DOC&projectId=${project.id}`, {});
      expect(listed.content.map((d: { provider: { name: string } }) => d.provider.name)).toEqual(["Drone team", "Drone team"]);
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "at 360 px the category page with its upload wizard and the edit dialog fit the screen",
    async () => {
      const { project, site, moderator } = await seedProject("Narrow");
      const doc = await admin<{ id: number }>("POST", "/data/save", { dataType: "DOC", name: "Deck", provider: "Lab", project: { id: project.id }, categoryList: [{ id: site.id }] });
      const { page, context } = await pageOf(moderator, { viewport: { width: 360, height: 740 } });
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 360);
      await page.goto(`${plexus.url}/project/${project.id}/category/${site.id}`);
      expect(await fits()).toBe(true);
      await page.getByRole("button", { name: "Upload documents" }).click();
      await page.getByRole("dialog", { name: "Upload documents" }).waitFor();
      expect(await fits()).toBe(true);
      await page.goto(`${plexus.url}/project/${project.id}/doc/${doc.id}`);
      await page.getByRole("button", { name: "Edit details" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit details" });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await fits()).toBe(true);
      await context.close();
    },
    TIMEOUT,
  );
});
