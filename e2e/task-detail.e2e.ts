import { describe, expect, test } from "bun:test";
import { signedInPage } from "./setup";
import { fullName, taskSuite } from "./task-suite";
import { axeOn } from "./axe";

// A task's detail as a project lead reads it (issue 20): history lines that say what changed from what to what
// and who did it, in the reader's locale; an @mention in the comments notifying the person mentioned in their own
// browser; the detail's two columns at 1280 x 800 with the description and comments in view, one column at 360.

const TIMEOUT = 90_000;

const suite = taskSuite(TIMEOUT);
const { call, person, project } = suite;

const paragraphs = (...texts: string[]) => JSON.stringify({ time: 1, version: "2.31.7", blocks: texts.map((text) => ({ type: "paragraph", data: { text } })) });

describe("a task's detail", () => {
  test(
    "history lines name who changed what from what to what, dates in the reader's locale (Russian here)",
    async () => {
      const lead = await person();
      const worker = await person();
      const projectId = await project("Причал", [lead.user, worker.user]);
      const year = new Date().getFullYear();
      const due = (month: number, day: number) => new Date(year, month, day, 23, 59, 59, 999).getTime();
      const task = await call(lead.cookie, "POST", "/issue/save", { name: "Осмотр стенки", project: { id: projectId }, dueDate: due(10, 25) });
      await call(lead.cookie, "POST", `/issue/update-due-date?id=${task.id}&date=${due(11, 15)}`);
      await call(lead.cookie, "POST", `/issue/assignee?id=${task.id}&userId=${worker.user.id}`);
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, worker.cookie, { language: "ru" });
      await page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      const detail = page.locator("#td");
      await detail.getByText(`${fullName(lead.user)} изменил(а) срок: 25 нояб. → 15 дек.`).waitFor();
      await detail.getByText(`${fullName(lead.user)} назначил(а) исполнителя: ${fullName(worker.user)}`).waitFor();
      // A change made in the page arrives as its own line.
      await detail.getByLabel("Статус").selectOption("IN_PROGRESS");
      await detail.getByText(`${fullName(worker.user)} изменил(а) статус: Открыта → В работе`).waitFor();
      await context.close();
    },
    TIMEOUT,
  );

  test(
    "@ in a task's comments offers the project's members; the one picked with the keyboard is notified in their browser and the mention is highlighted",
    async () => {
      const lead = await person();
      const worker = await person();
      const outsider = await person();
      const projectId = await project("Harbour lights", [lead.user, worker.user]);
      const task = await call(lead.cookie, "POST", "/issue/save", { name: "Replace lamp 4", project: { id: projectId } });
      const one = await signedInPage(suite.browser, suite.plexus.url, lead.cookie);
      const two = await signedInPage(suite.browser, suite.plexus.url, worker.cookie);
      await two.page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      await two.page.locator("#td").getByText(`${fullName(lead.user)} created the task «Replace lamp 4»`).waitFor();

      await one.page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      const box = one.page.getByRole("combobox", { name: "Message" });
      await box.waitFor();
      await box.pressSequentially(`Please check @${worker.user.lastName.slice(0, 3)}`);
      const list = one.page.getByRole("listbox", { name: "People to mention" });
      await list.getByRole("option", { name: new RegExp(`@${worker.user.login}$`) }).waitFor();
      expect(await list.getByRole("option", { name: new RegExp(`@${outsider.user.login}$`) }).count()).toBe(0);
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      // The open suggestions pass axe (the combobox's attributes, the listbox and its options).
      const { violations } = await axeOn(one.page).include("#td").analyze();
      expect(violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
      // Down to the worker (the factory's names share their first letters), then Enter puts the login in.
      for (let i = 0; i < 10 && !((await one.page.locator(`#${await box.getAttribute("aria-activedescendant")}`).textContent()) ?? "").endsWith(`@${worker.user.login}`); i++) {
        await box.press("ArrowDown");
      }
      await box.press("Enter");
      await expect(box.inputValue()).resolves.toBe(`Please check @${worker.user.login} `);
      await box.pressSequentially("today");
      await box.press("Enter");

      // The worker hears of it at once, and reads the mention highlighted.
      await two.page.getByText(`${fullName(lead.user)} mentioned you in «Replace lamp 4»`).waitFor();
      const mention = two.page.locator("#td .chat-mention", { hasText: `@${worker.user.login}` });
      await mention.waitFor();
      expect(await mention.getAttribute("title")).toBe(fullName(worker.user));
      await one.context.close();
      await two.context.close();
    },
    TIMEOUT,
  );

  test(
    "at 1280 x 800 the properties are a side column and the description and comments are in view without scrolling; at 360 one column",
    async () => {
      const lead = await person();
      const projectId = await project("Quay wall", [lead.user]);
      const name = "Inspect the bearings on span 2 of the north quay before the December pour, with photos";
      const description = paragraphs("Check every bearing plate for cracks and corrosion.", "Measure the gap at each joint and compare with last year's readings.", "Photograph anything unusual.");
      const task = await call(lead.cookie, "POST", "/issue/save", { name, project: { id: projectId }, description });
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, lead.cookie, { viewport: { width: 1280, height: 800 } });
      for (const url of [`${suite.plexus.url}/project/${projectId}/issue/${task.id}`, `${suite.plexus.url}/project/${projectId}/issue?issue=${task.id}`]) {
        await page.goto(url);
        const detail = page.locator("#td");
        const text = detail.getByText("Photograph anything unusual.");
        await text.waitFor();
        const comments = detail.getByRole("heading", { name: "Comments and history" });
        await comments.waitFor();
        const [side, main, said, heading] = await Promise.all([detail.locator(".td-side").boundingBox(), detail.locator(".td-main").boundingBox(), text.boundingBox(), comments.boundingBox()]);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // Beside each other: the properties to the right of the description and comments.
        expect(side!.x).toBeGreaterThan(main!.x + main!.width - 1);
        expect(side!.y).toBeLessThan(main!.y + 50);
        expect(said!.y + said!.height).toBeLessThan(800);
        expect(heading!.y + heading!.height).toBeLessThan(800);
      }
      await context.close();

      const phone = await signedInPage(suite.browser, suite.plexus.url, lead.cookie, { viewport: { width: 360, height: 740 } });
      await phone.page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      const detail = phone.page.locator("#td");
      await detail.getByText("Photograph anything unusual.").waitFor();
      const [side, main] = await Promise.all([detail.locator(".td-side").boundingBox(), detail.locator(".td-main").boundingBox()]);
      expect(main!.y).toBeGreaterThan(side!.y + side!.height - 1);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The list shows the whole name on several lines.
      await phone.page.goto(`${suite.plexus.url}/project/${projectId}/issue`);
      const row = phone.page.locator(".tl-row__name", { hasText: name });
      await row.waitFor();
      const box = await row.boundingBox();
      const lineHeight = await row.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 20);
      expect(box!.height).toBeGreaterThan(lineHeight * 1.5);
      expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await phone.context.close();
    },
    TIMEOUT,
  );

  test(
    "a picture added in the description editor is uploaded into the task and shown to another member; an outsider gets nothing",
    async () => {
      const lead = await person();
      const worker = await person();
      const outsider = await person();
      const projectId = await project("Pier photos", [lead.user, worker.user]);
      const task = await call(lead.cookie, "POST", "/issue/save", { name: "Crack on pier 3", project: { id: projectId } });
      const { page, context } = await signedInPage(suite.browser, suite.plexus.url, lead.cookie);
      await page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      await page.getByRole("button", { name: "Edit the description" }).click();
      const editor = page.locator("[data-td-editor]");
      await editor.locator(".ce-paragraph").first().click();
      await editor.locator(".ce-toolbar__plus").click();
      await page.locator(".ce-popover-item", { hasText: "Picture" }).click();
      await editor.getByRole("button", { name: "Choose a picture…" }).waitFor();
      await editor.locator('input[type="file"]').setInputFiles({ name: "crack.png", mimeType: "image/png", buffer: Buffer.from(PIXEL, "base64") });
      const caption = editor.getByRole("textbox", { name: /^Caption/ });
      await caption.fill("Crack at the third bearing");
      await page.getByRole("button", { name: "Save" }).click();
      const shown = page.locator("[data-td-desc] figure img");
      await shown.waitFor();
      expect(await shown.getAttribute("alt")).toBe("Crack at the third bearing");
      const src = (await shown.getAttribute("src"))!;
      await context.close();

      const other = await signedInPage(suite.browser, suite.plexus.url, worker.cookie);
      await other.page.goto(`${suite.plexus.url}/project/${projectId}/issue/${task.id}`);
      const seen = other.page.locator("[data-td-desc] figure img");
      await seen.waitFor();
      await other.page.waitForFunction(() => (document.querySelector("[data-td-desc] figure img") as HTMLImageElement | null)?.naturalWidth === 1);
      await other.context.close();
      const denied = await fetch(`${suite.plexus.url}${src}`, { headers: { cookie: outsider.cookie } });
      expect(denied.status).toBe(404);
    },
    TIMEOUT,
  );
});

/** A 1 x 1 PNG. */
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
