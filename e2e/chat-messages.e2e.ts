import { describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { ownPageHeaders } from "../src/testing/own-page";
import { apiCall, apiSignIn, browserSuite } from "./setup";

// Chat messages as two people read and write them (issue 9): Markdown, links for www. and e-mail
// addresses, images shown inline, one header per group of messages, the "New messages" divider
// and its jump button, the unread count in the tab's title, and editing one's own message live.

const TIMEOUT = 60_000;
const LIVE = 20_000;

/** A 4x3 PNG (red): enough bytes for the upload's type check and a picture to load. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGM4o6QERww4OQAAzgzBjfebfQAAAABJRU5ErkJggg==",
  "base64",
);

const suite = browserSuite();
let serial = 0;
type Member = { id: number; cookie: string; name: string };

async function newcomer(firstName: string, lastName: string, n: number): Promise<Member> {
  const person = await suite.plexus.newUser({ firstName, lastName: `${lastName} ${n}` });
  return { id: person.id, cookie: await apiSignIn(suite.plexus.url, person.login, person.password), name: `${firstName} ${lastName} ${n}` };
}

/** Anna's private chat with Boris (his first unread message is her invitation), and both on /profile. */
async function crew(options: { boris?: Parameters<Browser["newContext"]>[0] } = {}) {
  const n = ++serial;
  const [anna, boris] = await Promise.all([newcomer("Anna", "Archer", n), newcomer("Boris", "Builder", n)]);
  const chatName = `Site crew ${n}`;
  const chatId = await apiCall<number>(suite.plexus.url, anna.cookie, "POST", "/chats/new-chat", { name: chatName, type: "PRIVATE", members: [{ id: boris.id }] });
  const [a, b] = await Promise.all([suite.pageAs(anna.cookie), suite.pageAs(boris.cookie, options.boris)]);
  await Promise.all([a.page.goto(`${suite.plexus.url}/profile`), b.page.goto(`${suite.plexus.url}/profile`)]);
  return { anna, boris, chatName, chatId, a: a.page, b: b.page };
}

const drawer = (page: Page) => page.getByRole("dialog", { name: "Chats" });
const frameOf = (page: Page) => page.locator(".chat-drawer .chat-frame");
const messageBox = (page: Page) => frameOf(page).getByLabel("Message", { exact: true });
const messageWith = (page: Page, text: string) => frameOf(page).locator("li[data-message-id]").filter({ hasText: text });

async function openChat(page: Page, name: string) {
  if (!(await drawer(page).isVisible())) {
    await page.locator("nav.rail [data-chat-open]").click();
    await drawer(page).waitFor();
  }
  await drawer(page).locator(".chat-list__items").getByRole("button", { name: new RegExp(`${name}(?!\\d)`) }).first().click();
  await frameOf(page).getByRole("heading", { name, exact: true }).waitFor();
}

async function closeDrawer(page: Page) {
  await page.keyboard.press("Escape");
  await drawer(page).waitFor({ state: "hidden" });
}

/** Sends from the message box and waits until the server has it (the message has its id). */
async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
  await messageWith(page, text.split("\n")[0].replace(/[*_`]/g, "")).first().waitFor({ timeout: LIVE });
}

describe("chat messages", () => {
  test(
    "bold, a list, a www. address and an e-mail address render for the reader at 360 px; raw HTML stays text",
    async () => {
      const { chatName, chatId, a, b } = await crew({ boris: { viewport: { width: 360, height: 740 } } });
      await b.goto(`${suite.plexus.url}/chats?chat=${chatId}`);
      await b.locator(".chat-frame").getByRole("heading", { name: chatName, exact: true }).waitFor();
      await openChat(a, chatName);
      await send(a, "**Pour** at 7:\n- bay 1\n- bay 2\nPlan at www.example.com, questions to crew@example.com <b>not bold</b>");

      const message = b.locator(".chat-frame li[data-message-id]").filter({ hasText: "Pour" });
      await message.waitFor({ timeout: LIVE });
      expect(await message.locator("strong", { hasText: "Pour" }).count()).toBe(1);
      expect(await message.locator("ul > li").allTextContents()).toEqual(["bay 1", "bay 2"]);
      const site = message.getByRole("link", { name: "www.example.com" });
      expect(await site.getAttribute("href")).toBe("http://www.example.com");
      expect(await site.getAttribute("target")).toBe("_blank");
      expect(await site.getAttribute("rel")).toBe("noopener noreferrer nofollow");
      expect(await message.getByRole("link", { name: "crew@example.com" }).getAttribute("href")).toBe("mailto:crew@example.com");
      expect(await message.getByText("<b>not bold</b>").count()).toBe(1);
      expect(await message.locator("b").count()).toBe(0);
      // Nothing sticks out of a 360 px screen.
      expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The list's preview line is the words without their markup.
      await b.locator(".chat-frame").getByRole("button", { name: "Back to the chat list" }).click();
      expect(await b.locator(".chat-entry__preview").first().textContent()).toStartWith("Anna: Pour at 7: bay 1 bay 2 Plan at www.example.com");
    },
    TIMEOUT,
  );

  test(
    "an image sent into the chat shows inline with its name as alt text and opens in the viewer; the list marks the file with an icon, not an emoji",
    async () => {
      const { anna, chatName, a, b } = await crew();
      const form = new FormData();
      form.append("file", new File([PNG], "site photo.png", { type: "image/png" }));
      const upload = await fetch(`${suite.plexus.url}/api/files/save-user-file`, { method: "POST", headers: { cookie: anna.cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      expect(upload.status).toBe(200);

      await openChat(a, chatName);
      await frameOf(a).getByRole("button", { name: "Attach files" }).click();
      await frameOf(a).getByRole("menuitem", { name: "My files" }).click();
      const picker = a.getByRole("dialog", { name: "My files" });
      await picker.getByRole("checkbox").first().check();
      await picker.getByRole("button", { name: "Send" }).click();

      await openChat(b, chatName);
      const image = frameOf(b).getByRole("img", { name: "site photo.png" });
      await image.waitFor({ timeout: LIVE });
      await b.waitForFunction(() => (document.querySelector(".chat-thumb img") as HTMLImageElement | null)?.naturalWidth === 4);
      await frameOf(b).getByRole("button", { name: "site photo.png" }).click();
      const viewer = b.getByRole("dialog", { name: "site photo.png" });
      await viewer.waitFor();
      expect(await viewer.getByRole("img", { name: "site photo.png" }).count()).toBe(1);
      await viewer.getByRole("button", { name: "Close" }).click();

      const preview = drawer(b).locator(".chat-entry", { hasText: chatName }).locator(".chat-entry__preview");
      expect(await preview.textContent()).toBe("Anna: site photo.png");
      expect(await preview.locator("svg").count()).toBe(1);
    },
    TIMEOUT,
  );

  test(
    "the tab's title counts unread messages live; opening the chat shows 'New messages' above the first unread, one header per group, and a jump to it",
    async () => {
      const { chatName, a, b } = await crew();
      // Boris reads the invitation first: nothing unread, a plain title.
      await b.waitForFunction(() => document.title.startsWith("(1) "), undefined, { timeout: LIVE });
      const title = (await b.title()).slice(4);
      await openChat(b, chatName);
      await b.waitForFunction((plain) => document.title === plain, title, { timeout: LIVE });
      await closeDrawer(b);

      await openChat(a, chatName);
      for (let i = 1; i <= 12; i++) await send(a, `Report ${i}\nline two of ${i}\nline three of ${i}`);
      await b.waitForFunction((plain) => document.title === `(12) ${plain}`, title, { timeout: LIVE });

      await openChat(b, chatName);
      const divider = frameOf(b).locator(".chat-divider");
      await divider.waitFor();
      expect(await divider.textContent()).toBe("New messages");
      // The divider sits right above Anna's first unread message, which starts a group with her name.
      const next = frameOf(b).locator(".chat-divider + li");
      expect(await next.textContent()).toContain("Report 1");
      expect(await next.locator(".chat-msg__meta:not(.visually-hidden)").textContent()).toContain("Anna Archer");
      // The rest of her reports, minutes apart, join that group: no visible header of their own.
      const reports = frameOf(b).locator("li[data-message-id]").filter({ hasText: "Report" });
      expect(await reports.count()).toBe(12);
      expect(await reports.locator(".chat-msg__meta:not(.visually-hidden)").count()).toBe(1);
      expect(await reports.locator(".chat-avatar").count()).toBe(1);

      // The chat opens at the latest message, with the divider above the view: the jump button brings it back.
      const jump = frameOf(b).getByRole("button", { name: "Jump to the first unread" });
      await jump.waitFor();
      await jump.click();
      await jump.waitFor({ state: "hidden" });
      const inView = await divider.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const scroller = el.closest(".chat-messages__scroll")!.getBoundingClientRect();
        return box.top >= scroller.top && box.bottom <= scroller.bottom;
      });
      expect(inView).toBe(true);
      // Reading everything clears the count from the title.
      await frameOf(b).locator(".chat-messages__scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await b.waitForFunction((plain) => document.title === plain, title, { timeout: LIVE });
    },
    TIMEOUT,
  );

  test(
    "Up in the empty message box edits one's last message, Escape cancels; the other sees the edit live, marked (edited), and cannot edit it",
    async () => {
      const { chatName, a, b } = await crew();
      await Promise.all([openChat(a, chatName), openChat(b, chatName)]);
      await send(a, "Pour at 7");
      const seen = messageWith(b, "Pour at 7");
      await seen.waitFor({ timeout: LIVE });
      // Boris may not edit Anna's message: no pencil for him.
      expect(await seen.getByRole("button", { name: "Edit the message" }).count()).toBe(0);

      await messageBox(a).press("ArrowUp");
      const editor = frameOf(a).getByRole("textbox", { name: "Edit the message" });
      await editor.waitFor();
      expect(await editor.inputValue()).toBe("Pour at 7");
      await editor.fill("Pour at 9");
      await editor.press("Escape");
      await editor.waitFor({ state: "hidden" });
      expect(await messageWith(a, "Pour at 7").count()).toBe(1);
      expect(await messageBox(a).evaluate((el) => el === document.activeElement)).toBe(true);

      await messageBox(a).press("ArrowUp");
      await editor.fill("Pour at **8**");
      await editor.press("Enter");
      await editor.waitFor({ state: "hidden" });
      const edited = messageWith(b, "Pour at 8");
      await edited.waitFor({ timeout: LIVE });
      expect(await edited.locator(".chat-msg__text strong").textContent()).toBe("8");
      expect(await edited.locator(".chat-msg__edited").textContent()).toBe("(edited)");
      expect(await messageWith(b, "Pour at 7").count()).toBe(0);
      expect(await messageWith(a, "Pour at 8").locator(".chat-msg__edited").count()).toBe(1);

      // The pencil does the same; an edited text may not be empty.
      await messageWith(a, "Pour at 8").hover();
      await messageWith(a, "Pour at 8").getByRole("button", { name: "Edit the message" }).click();
      await editor.fill("   ");
      expect(await frameOf(a).getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
      await editor.press("Escape");
    },
    TIMEOUT,
  );
});
