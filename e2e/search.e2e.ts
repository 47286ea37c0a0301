import { describe, expect, test } from "bun:test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import type { Page } from "playwright-core";
import { en } from "../locales/en";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite, islandsHydrated } from "./setup";

// The search bottom sheet as people meet it: Ctrl+S (in any keyboard layout) and the rail's and bottom
// bar's buttons open it; a name search lists data items and tasks in their groups, walked with the arrow
// keys and opened with Enter; Escape closes it and gives the focus back; a member limited to a category
// does not find what is hidden from them; a newer query cancels the one in flight; at 360 px it spans the
// screen. By content: a Russian word form inside a DOCX and a Spanish plural in a wiki article are found
// as cards titled with the name (and version) whose snippets mark the matched forms, markup in the text
// stays text, the list grows as it is scrolled, and a newer query cancels the page in flight; a chat
// comment is found by a word form too (its text is not stored in the index) and its card opens the chat.

const TIMEOUT = 60_000;
const suite = browserSuite();
/** Each test's own names, so hits from other tests never match. */
let serial = 0;

const adminCookie = () => apiSignIn(suite.plexus.url, suite.plexus.admin.login, suite.plexus.admin.password);

/** A project with a category, a document in it, a document outside it and a task, made by the administrator. */
async function seed(word: string) {
  const cookie = await adminCookie();
  const admin = <T = any>(path: string, body: unknown) => apiCall<T>(suite.plexus.url, cookie, "POST", path, body);
  const project = await admin<{ id: number }>("/project/create", { name: `${word} works` });
  const category = await admin<{ id: number }>("/category/save", { name: "Open", project: { id: project.id } });
  const doc = (name: string, categoryList: { id: number }[]) =>
    admin<{ id: number }>("/data/save", { dataType: "DOC", name, project: { id: project.id }, categoryList, status: "CHECKED" });
  const shown = await doc(`${word} survey`, [{ id: category.id }]);
  const hidden = await doc(`${word} secret plan`, []);
  const task = await admin<{ id: number }>("/issue/save", { name: `${word} fence repair`, project: { id: project.id } });
  return { project, category, shown, hidden, task, admin, cookie };
}

/** A DOCX made here with the docx library, uploaded and saved as a document of `projectId`; answers its id. */
async function uploadDocx(cookie: string, projectId: number, fileName: string, name: string, paragraphs: string[]) {
  const document = new Document({ sections: [{ children: paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] })) }] });
  const form = new FormData();
  form.append("file", new File([new Uint8Array(await Packer.toBuffer(document)) as BlobPart], fileName));
  const staged = await fetch(`${suite.plexus.url}/api/files/save`, { method: "POST", headers: { cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
  expect(staged.status).toBe(200);
  const [{ path }] = await staged.json();
  const [saved] = await apiCall<{ id: number }[]>(suite.plexus.url, cookie, "POST", `/docs/save-all/${projectId}`, [{ path, name, provider: "Бюро" }]);
  return saved!.id;
}

const article = (cookie: string, title: string, content: string) =>
  apiCall<{ article: { id: number } }>(suite.plexus.url, cookie, "POST", "/article/save", { title, content });

/** Opens the sheet on the home page, switches it to by content and types `query`. */
async function searchContent(page: Page, query: string) {
  await goHome(page);
  await page.keyboard.press("Control+KeyS");
  await page.getByRole("radio", { name: en["search.byContent"] }).check();
  await page.getByLabel(en["search.query"]).fill(query);
}

/** Holds the first request to `path` back until a second one starts (at most 30 s), so the second search always
 * finds it in flight whatever the machine's load; `aborted` is the first request that fails. */
async function holdFirst(page: Page, path: string) {
  let release: () => void = () => undefined;
  const second = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 30_000);
  });
  let seen = 0;
  await page.route(`**/api/${path}**`, async (route) => {
    if (++seen === 1) await second;
    else release();
    await route.continue().catch(() => undefined);
  });
  return { aborted: page.waitForEvent("requestfailed", (request) => request.url().includes(path)) };
}

/** The project list, its islands hydrated: Ctrl+S is the shell's (ShellServices) from then on. */
async function goHome(page: Page) {
  await page.goto(`${suite.plexus.url}/`);
  await islandsHydrated(page);
}

const sheet = (page: Page) => page.getByRole("dialog", { name: en["search.title"] });
const group = (page: Page, heading: string) => sheet(page).locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) });

describe("search sheet", () => {
  test(
    "Ctrl+S opens the sheet; a name search shows a data item and a task in their groups; arrows walk the hits and Enter opens the task",
    async () => {
      const word = `Quarry${++serial}`;
      const { project, shown, task, cookie } = await seed(word);
      const { page } = await suite.pageAs(cookie);
      await goHome(page);
      await page.keyboard.press("Control+KeyS");
      await sheet(page).waitFor();
      await page.getByLabel(en["search.query"]).fill(word);

      const data = group(page, en["search.group.data"]).getByRole("link", { name: new RegExp(`${word} survey`) });
      await data.waitFor();
      expect(await data.getAttribute("href")).toBe(`/project/${project.id}/doc/${shown.id}`);
      const taskLink = group(page, en["search.group.tasks"]).getByRole("link", { name: new RegExp(`${word} fence repair`) });
      expect(await taskLink.getAttribute("href")).toBe(`/project/${project.id}/issue/${task.id}`);
      // The project is found by its name too.
      expect(await group(page, en["search.group.projects"]).getByRole("link", { name: `${word} works` }).count()).toBe(1);

      // Down from the box reaches the first hit, Up from it goes back to the box; Down walks the hits in order to the task.
      const hrefs = await sheet(page).locator("[data-result]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute("href") ?? document.activeElement?.id);
      await page.keyboard.press("ArrowDown");
      expect(await focused()).toBe(hrefs[0]!);
      await page.keyboard.press("ArrowUp");
      expect(await focused()).toBe("search-sheet-query");
      const taskAt = hrefs.indexOf(`/project/${project.id}/issue/${task.id}`);
      expect(taskAt).toBeGreaterThan(0);
      for (let step = 0; step <= taskAt; step++) {
        await page.keyboard.press("ArrowDown");
        expect(await focused()).toBe(hrefs[step]!);
      }
      await page.keyboard.press("Enter");
      await page.waitForURL(`${suite.plexus.url}/project/${project.id}/issue/${task.id}`);
    },
    TIMEOUT,
  );

  test(
    "Ctrl+S in a Russian layout (key 'ы', code KeyS) opens the sheet instead of saving the page; Escape closes it and the rail button has the focus again",
    async () => {
      const { page } = await suite.pageAs(await adminCookie());
      await goHome(page);
      const prevented = await page.evaluate(() => {
        const event = new KeyboardEvent("keydown", { key: "ы", code: "KeyS", ctrlKey: true, bubbles: true, cancelable: true });
        document.body.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(prevented).toBe(true);
      await sheet(page).waitFor();
      await page.keyboard.press("Escape");
      await sheet(page).waitFor({ state: "hidden" });

      const railButton = page.locator(".rail").getByRole("button", { name: en["nav.search"] });
      await railButton.click();
      await sheet(page).waitFor();
      expect(await page.getByLabel(en["search.query"]).evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.press("Escape");
      await sheet(page).waitFor({ state: "hidden" });
      expect(await railButton.evaluate((button) => button === document.activeElement)).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "a member limited to one category finds the document in it and neither the one outside it nor the hidden one's name",
    async () => {
      const word = `Beacon${++serial}`;
      const { project, category, admin } = await seed(word);
      const member = await suite.plexus.newUser();
      await admin("/project/add-user-project", { user: { id: member.id }, project: { id: project.id }, categoryList: [{ id: category.id }] });
      const { page } = await suite.pageAs(await apiSignIn(suite.plexus.url, member.login, member.password));
      await goHome(page);
      await page.keyboard.press("Control+KeyS");
      await page.getByLabel(en["search.query"]).fill(word);
      await group(page, en["search.group.data"]).getByRole("link", { name: new RegExp(`${word} survey`) }).waitFor();
      expect(await sheet(page).textContent()).not.toContain(`${word} secret plan`);
    },
    TIMEOUT,
  );

  test(
    "a newer query cancels the one in flight, and only the newer one's hits are shown",
    async () => {
      const word = `Harbour${++serial}`;
      const { cookie } = await seed(word);
      const { page } = await suite.pageAs(cookie);
      await goHome(page);
      const { aborted } = await holdFirst(page, "global-search/find");
      await page.keyboard.press("Control+KeyS");
      await page.getByLabel(en["search.query"]).fill("zzz-nothing");
      await page.waitForRequest((request) => request.url().includes("global-search/find"));
      await page.getByLabel(en["search.query"]).fill(word);
      expect(new URL((await aborted).url()).searchParams.get("q")).toBe("zzz-nothing");
      await group(page, en["search.group.data"]).getByRole("link", { name: new RegExp(`${word} survey`) }).waitFor();
      expect(await sheet(page).getByText(en["search.nothing"]).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "at 360 px the bottom bar's button opens the sheet across the whole width; on a wide screen it is at most 750 px wide",
    async () => {
      const cookie = await adminCookie();
      const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
      await goHome(page);
      await page.locator(".bottombar").getByRole("button", { name: en["nav.search"] }).click();
      const box = await sheet(page).boundingBox();
      expect(box?.width).toBe(360);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(740);

      const wide = await suite.pageAs(cookie, { viewport: { width: 1280, height: 720 } });
      await goHome(wide.page);
      await wide.page.keyboard.press("Control+KeyS");
      expect((await sheet(wide.page).boundingBox())?.width).toBe(750);
    },
    TIMEOUT,
  );

  test(
    "by content: a Russian word form inside a DOCX is found by another form; the card is titled with the name and version, marks the form found and opens the document",
    async () => {
      const word = `Kestrel${++serial}`;
      const cookie = await adminCookie();
      const project = await apiCall<{ id: number }>(suite.plexus.url, cookie, "POST", "/project/create", { name: `Мост ${word}` });
      const id = await uploadDocx(cookie, project.id, "отчёт-связь.docx", `Отчёт ${word}`, [
        "Введение",
        `Годовой отчёт ${word} подготовлен для устройства связи на мосту.`,
      ]);
      const { page } = await suite.pageAs(cookie);
      await searchContent(page, `устройство ${word.toLowerCase()}`);

      const card = sheet(page).getByRole("link", { name: new RegExp(`Отчёт ${word}, version отчёт-связь\\.docx`) });
      await card.waitFor();
      // The words go along, for the page to highlight (islands/lib/find-on-open.ts).
      const opened = `/project/${project.id}/doc/${id}#hl=${encodeURIComponent(`устройство ${word.toLowerCase()}`)}`;
      expect(await card.getAttribute("href")).toBe(opened);
      expect(await card.locator(".search-sheet__project").textContent()).toBe(`Мост ${word}`);
      expect(await card.locator(".search-sheet__kind").textContent()).toBe(en["search.type.DOC"]);
      expect(new Set(await card.locator("mark").allTextContents())).toEqual(new Set([word, "устройства"]));
      expect(await card.locator(".search-sheet__snippet").textContent()).toContain(`подготовлен для устройства связи`);
      // The by-name mode does not know the word form: switching back searches names again.
      await page.getByRole("radio", { name: en["search.byName"] }).check();
      await sheet(page).getByText(en["search.nothing"]).waitFor();
      await page.getByRole("radio", { name: en["search.byContent"] }).check();
      await card.click();
      await page.waitForURL(`${suite.plexus.url}${opened}`);
    },
    TIMEOUT,
  );

  test(
    "by content: a Russian word form in a chat comment is found; the card says it is a chat message, marks the form and opens the chat",
    async () => {
      const word = `Falcon${++serial}`;
      const cookie = await adminCookie();
      const project = await apiCall<{ id: number }>(suite.plexus.url, cookie, "POST", "/project/create", { name: `Депо ${word}` });
      const docId = await uploadDocx(cookie, project.id, "план.docx", `План ${word}`, ["Введение"]);
      const chat = await apiCall<{ id: number }>(suite.plexus.url, cookie, "POST", "/chats/new-chat-for-data", { dataId: docId, message: `Обсудили кандидатов ${word} на смену` });
      const { page } = await suite.pageAs(cookie);
      await searchContent(page, `кандидат ${word.toLowerCase()}`);

      const card = sheet(page).getByRole("link", { name: new RegExp(`${en["search.type.CHAT"]}.*План ${word}`) });
      await card.waitFor();
      expect(await card.getAttribute("href")).toBe(`/chats?chat=${chat.id}`);
      expect(await card.locator(".search-sheet__kind").textContent()).toBe(en["search.type.CHAT"]);
      expect(new Set(await card.locator("mark").allTextContents())).toEqual(new Set(["кандидатов", word]));
      await card.click();
      await page.waitForURL(`${suite.plexus.url}/chats?chat=${chat.id}`);
      await page.locator(".chat-frame li[data-message-id]").filter({ hasText: `Обсудили кандидатов ${word} на смену` }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "by content: a Spanish plural finds the singular in a wiki article; markup written in the article stays text; a newer query cancels the page in flight",
    async () => {
      const word = `Nogal${++serial}`.toLowerCase();
      const cookie = await adminCookie();
      const { article: saved } = await article(cookie, `Guía ${word}`, `<p>La casa ${word} &lt;img src=x onerror=alert(1)&gt; tiene un jardín.</p>`);
      const { page } = await suite.pageAs(cookie);
      const { aborted } = await holdFirst(page, "full-text-search/find");
      await searchContent(page, "zzznada");
      await page.waitForRequest((request) => request.url().includes("full-text-search/find"));
      await page.getByLabel(en["search.query"]).fill(`casas ${word}`);
      expect(new URL((await aborted).url()).searchParams.getAll("q")).toEqual(["zzznada"]);

      const card = sheet(page).getByRole("link", { name: new RegExp(`Guía ${word}`) });
      await card.waitFor();
      expect(await card.getAttribute("href")).toBe(`/wiki/${saved.id}#hl=${encodeURIComponent(`casas ${word}`)}`);
      expect(new Set(await card.locator("mark").allTextContents())).toEqual(new Set(["casa", word]));
      expect(await card.locator(".search-sheet__snippet").textContent()).toContain("<img src=x onerror=alert(1)>");
      expect(await card.locator("img").count()).toBe(0);
      expect(await sheet(page).getByText(en["search.nothing"]).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "by content: the list shows the first 20 hits and the rest as it is scrolled to its end, one request per page",
    async () => {
      const word = `Alcor${++serial}`.toLowerCase();
      const cookie = await adminCookie();
      for (let i = 0; i < 25; i++) await article(cookie, `Pier ${i}`, `<p>The ${word} pier number ${i}.</p>`);
      const { page } = await suite.pageAs(cookie, { viewport: { width: 360, height: 740 } });
      const pages: string[] = [];
      page.on("request", (request) => request.url().includes("full-text-search/find") && pages.push(new URL(request.url()).searchParams.get("page")!));
      await searchContent(page, word);
      const cards = sheet(page).locator(".search-sheet__card");
      await cards.nth(19).waitFor();
      await cards.last().scrollIntoViewIfNeeded();
      await cards.nth(24).waitFor();
      await cards.last().scrollIntoViewIfNeeded();
      await sheet(page).locator(".search-sheet__more").waitFor({ state: "hidden" });
      expect(await cards.count()).toBe(25);
      expect(pages).toEqual(["0", "1"]);
    },
    TIMEOUT,
  );
});
