import { describe, expect, test } from "bun:test";
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { makePdf } from "../src/lib/sample-documents";
import { ownPageHeaders } from "../src/testing/own-page";
import { initialScripts, SHARED_RUNTIME, scriptsFrom, type ScriptSizes } from "../src/testing/script-size";
import { apiCall, apiSignIn, browserSuite, type Plexus } from "./setup";

// Two people chatting in two browser contexts against the built server: a private chat with an
// invitation, live messages, the rail's unread badge, deletion, renaming, archiving, a PDF sent and
// viewed, messages written offline that arrive once and in order, a data item's comments, and the
// script budgets (the React panel only on demand).

const TIMEOUT = 60_000;
const LIVE = 20_000;
const CONTENT_BUDGET = 50 * 1024;
const CHAT_BUDGET = 100 * 1024;

const suite = browserSuite();
type Person = Awaited<ReturnType<Plexus["newUser"]>>;
/** Someone signed in through the API; `name` is the full name the pages show. */
type Member = { person: Person; cookie: string; name: string };
type Side = { page: Page; context: BrowserContext };
/** Each test's number: it keeps people's names and chat names (unique on the server) apart between tests. */
let serial = 0;

const signIn = (login: string, password: string) => apiSignIn(suite.plexus.url, login, password);

const call = <T = any>(cookie: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.plexus.url, cookie, method, path, body);

/** A fresh signed-in context, closed after the test. */
const { pageAs } = suite;

const badge = (page: Page) => page.locator("nav.rail [data-chat-badge]");
const drawer = (page: Page) => page.getByRole("dialog", { name: "Chats" });
const frameOf = (page: Page) => page.locator(".chat-drawer .chat-frame");
const messageItems = (page: Page) => frameOf(page).locator(".chat-messages__list > li");
const messageBox = (page: Page) => frameOf(page).getByLabel("Message", { exact: true });

async function until(check: () => Promise<boolean>, ms = LIVE, what = "condition") {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(100);
  }
}

async function openDrawer(page: Page) {
  if (await drawer(page).isVisible()) return;
  await page.locator("nav.rail [data-chat-open]").click();
  await drawer(page).waitFor();
}

async function openChat(page: Page, name: string) {
  await openDrawer(page);
  await drawer(page).locator(".chat-list__items").getByRole("button", { name: new RegExp(escapeRegExp(name)) }).first().click();
  await frameOf(page).getByRole("heading", { name, exact: true }).waitFor();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function send(page: Page, text: string) {
  await messageBox(page).fill(text);
  await messageBox(page).press("Enter");
}

/** The visible thread: server ids (pending ones as "pending") with their texts; dividers are not messages. */
async function thread(page: Page) {
  return frameOf(page).locator(".chat-messages__list > li:is([data-message-id], [data-pending])").evaluateAll((items) =>
    items.map((li) => ({
      id: (li as HTMLElement).dataset.messageId ?? "pending",
      text: (li.querySelector(".chat-msg__text, .chat-file__name, p")?.textContent ?? "").trim(),
    })),
  );
}

/** A new person for test `n`, e.g. "Anna Archer 3", signed in through the API. */
async function newcomer(firstName: string, lastName: string, n: number): Promise<Member> {
  const person = await suite.plexus.newUser({ firstName, lastName: `${lastName} ${n}` });
  return { person, cookie: await signIn(person.login, person.password), name: `${firstName} ${lastName} ${n}` };
}

/** `member`'s page on /profile. */
async function atProfile(member: Member): Promise<Side> {
  const side = await pageAs(member.cookie);
  await side.page.goto(`${suite.plexus.url}/profile`);
  return side;
}

/** A button or entry naming `name` and no longer name that starts with it ("… 1" is not "… 12"). */
const named = (name: string) => new RegExp(`${escapeRegExp(name)}(?!\\d)`);

/** New Anna and Boris for one test, signed in through the API. */
async function annaAndBoris() {
  const n = ++serial;
  const [anna, boris] = await Promise.all([newcomer("Anna", "Archer", n), newcomer("Boris", "Builder", n)]);
  return { n, anna, boris };
}

/** New Anna and Boris on their pages, Anna's private chat with Boris invited (unread for him), open on Anna's page. */
async function crew() {
  const { n, anna, boris } = await annaAndBoris();
  const chatName = `Site crew ${n}`;
  const chatId = await call<number>(anna.cookie, "POST", "/chats/new-chat", { name: chatName, type: "PRIVATE", members: [{ id: boris.person.id }] });
  const [a, b] = await Promise.all([atProfile(anna), atProfile(boris)]);
  await openChat(a.page, chatName);
  return { n, anna, boris, a, b, chatName, chatId };
}

/** Anna's link message and Boris's answer, seen on both sides (the chat open on both pages). */
async function talk({ a, b }: { a: Side; b: Side }) {
  await send(a.page, "Hello from Anna: see https://example.org/plan.");
  await frameOf(b.page).getByText("Hello from Anna: see").waitFor({ timeout: LIVE });
  await send(b.page, "Hi Anna, Boris here");
  await frameOf(a.page).getByText("Hi Anna, Boris here").waitFor({ timeout: LIVE });
}

/**
 * The page's live channel through a relay the test controls: frames from the page that `hold`
 * matches wait until `release()`; `cut()` closes the socket and refuses new ones until `restore()`
 * (the page tries again every five seconds).
 */
async function relayed(context: BrowserContext) {
  let refusing = false;
  let current: WebSocketRoute | undefined;
  let held: ((frame: string) => boolean) | undefined;
  const waiting: { frame: string; server: WebSocketRoute }[] = [];
  await context.routeWebSocket(/\/ws-endpoint$/, (ws) => {
    if (refusing) return ws.close();
    current = ws;
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = String(message);
      if (held?.(frame)) waiting.push({ frame, server });
      else server.send(message);
    });
  });
  return {
    hold: (which: (frame: string) => boolean) => (held = which),
    holding: () => waiting.length > 0,
    release() {
      held = undefined;
      for (const { frame, server } of waiting.splice(0)) server.send(frame);
    },
    cut() {
      refusing = true;
      current?.close();
    },
    restore: () => (refusing = false),
  };
}

/** Anna and Boris in a chat open on both pages, having talked; Anna's live channel goes through a relay. */
async function relayedCrew() {
  const { n, anna, boris } = await annaAndBoris();
  const chatName = `Site crew ${n}`;
  const chatId = await call<number>(anna.cookie, "POST", "/chats/new-chat", { name: chatName, type: "PRIVATE", members: [{ id: boris.person.id }] });
  const a = await pageAs(anna.cookie);
  const relay = await relayed(a.context);
  await a.page.goto(`${suite.plexus.url}/profile`);
  const b = await atProfile(boris);
  await openChat(a.page, chatName);
  await openChat(b.page, chatName);
  await talk({ a, b });
  return { a, b, chatId, relay };
}

/** A message that has its server id on that page (sent and stored, not waiting in the outbox). */
const storedMessage = (page: Page, text: string) => frameOf(page).locator("li[data-message-id]").filter({ hasText: text });

describe("two people chatting", () => {
  test(
    "Anna creates a private chat and invites Boris; his unread badge rises",
    async () => {
      const { n, anna, boris } = await annaAndBoris();
      const [a, b] = await Promise.all([atProfile(anna), atProfile(boris)]);
      const chatName = `Site crew ${n}`;
      await openDrawer(a.page);
      await drawer(a.page).getByRole("button", { name: "New chat" }).click();
      const dialog = a.page.getByRole("dialog", { name: "New chat" });
      // A plain USER is not offered PUBLIC chats.
      expect(await dialog.getByRole("radio", { name: "Public" }).count()).toBe(0);
      expect(await dialog.getByRole("radio", { name: "Private" }).isChecked()).toBe(true);
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText("Enter the chat name").waitFor();

      await dialog.getByLabel("Chat name").fill(chatName);
      await dialog.getByLabel("Members").fill(boris.name);
      await dialog.getByRole("button", { name: named(boris.name) }).click();
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.waitFor({ state: "hidden" });
      await frameOf(a.page).getByRole("heading", { name: chatName, exact: true }).waitFor();
      await frameOf(a.page).getByText(`${anna.name} invited ${boris.name}`).waitFor();

      // The same name again is refused (409) with the spec's message.
      await drawer(a.page).getByRole("button", { name: "New chat" }).click();
      await a.page.getByRole("dialog", { name: "New chat" }).getByLabel("Chat name").fill(chatName.toUpperCase());
      await a.page.getByRole("dialog", { name: "New chat" }).getByRole("button", { name: "Create" }).click();
      await a.page.getByRole("dialog", { name: "New chat" }).getByText("A chat with this name already exists").waitFor();
      await a.page.getByRole("dialog", { name: "New chat" }).getByRole("button", { name: "Cancel" }).click();

      await badge(b.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
    },
    TIMEOUT,
  );

  test(
    "messages go both ways live; the badge rises for Boris and resets when he reads",
    async () => {
      const { a, b, chatName } = await crew();
      await badge(b.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
      await send(a.page, "Hello from Anna: see https://example.org/plan.");
      const link = frameOf(a.page).getByRole("link", { name: "https://example.org/plan" });
      await link.waitFor();
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
      expect(await link.getAttribute("target")).toBe("_blank");
      await badge(b.page).filter({ hasText: "2" }).waitFor({ timeout: LIVE });

      await openChat(b.page, chatName);
      await frameOf(b.page).getByText("Hello from Anna: see").waitFor();
      await badge(b.page).waitFor({ state: "hidden", timeout: LIVE });

      await send(b.page, "Hi Anna, Boris here");
      await frameOf(a.page).getByText("Hi Anna, Boris here").waitFor({ timeout: LIVE });
      // Alt+Enter is a new line, not a send.
      await messageBox(b.page).fill("two");
      await messageBox(b.page).press("End");
      await messageBox(b.page).press("Alt+Enter");
      await messageBox(b.page).type("lines");
      expect(await messageBox(b.page).inputValue()).toBe("two\nlines");
      await messageBox(b.page).press("Enter");
      await until(async () => (await frameOf(a.page).locator(".chat-msg__text").allTextContents()).includes("two\nlines"), LIVE, "the two-line message");
      // Boris read everything as it came in, so his badge stays away.
      expect(await badge(b.page).isHidden()).toBe(true);
    },
    TIMEOUT,
  );

  test(
    "Anna deletes her message after confirming; both see the placeholder",
    async () => {
      const { a, b, chatName } = await crew();
      await openChat(b.page, chatName);
      await talk({ a, b });
      const mine = messageItems(a.page).filter({ hasText: "Hello from Anna" });
      await mine.hover();
      await mine.getByRole("button", { name: "Delete the message" }).click();
      const confirm = a.page.getByRole("dialog", { name: "Please confirm" });
      await confirm.getByRole("button", { name: "Delete the message" }).click();
      await frameOf(a.page).getByText("Message deleted").waitFor({ timeout: LIVE });
      await frameOf(b.page).getByText("Message deleted").waitFor({ timeout: LIVE });
      expect(await frameOf(b.page).getByText("Hello from Anna").count()).toBe(0);
      // Boris's messages have no delete button for Anna.
      expect(await messageItems(a.page).filter({ hasText: "Hi Anna, Boris here" }).getByRole("button", { name: "Delete the message" }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "the owner renames the chat and both see the new name",
    async () => {
      const { a, b, anna, chatName } = await crew();
      const renamed = `${chatName} (bridge)`;
      await openChat(b.page, chatName);
      await frameOf(a.page).getByRole("button", { name: "Chat options" }).click();
      await a.page.getByRole("menuitem", { name: "Rename" }).click();
      const dialog = a.page.getByRole("dialog", { name: "Rename the chat" });
      await dialog.getByLabel("Chat name").fill(renamed);
      await dialog.getByRole("button", { name: "Save" }).click();
      await frameOf(a.page).getByRole("heading", { name: renamed, exact: true }).waitFor({ timeout: LIVE });
      await frameOf(b.page).getByRole("heading", { name: renamed, exact: true }).waitFor({ timeout: LIVE });
      await frameOf(b.page).getByText(`${anna.name} renamed the chat from «${chatName}» to «${renamed}»`).waitFor();
      // Boris is not the owner: no rename for him.
      await frameOf(b.page).getByRole("button", { name: "Chat options" }).click();
      expect(await b.page.getByRole("menuitem", { name: "Rename" }).count()).toBe(0);
      await b.page.keyboard.press("Escape");
    },
    TIMEOUT,
  );

  test(
    "Boris archives the chat for himself and brings it back",
    async () => {
      const { a, b, chatName } = await crew();
      await openChat(b.page, chatName);
      const list = drawer(b.page).locator(".chat-list__items");
      await frameOf(b.page).getByRole("button", { name: "Chat options" }).click();
      await b.page.getByRole("menuitem", { name: "Archive" }).click();
      await b.page.getByText("The chat is archived").waitFor();
      await list.getByRole("button", { name: new RegExp(escapeRegExp(chatName)) }).waitFor({ state: "detached" });
      const toggle = drawer(b.page).getByRole("button", { name: "Show archived chats" });
      await toggle.click();
      await list.getByRole("button", { name: new RegExp(escapeRegExp(chatName)) }).waitFor();
      await frameOf(b.page).getByRole("button", { name: "Chat options" }).click();
      await b.page.getByRole("menuitem", { name: "Restore from archive" }).click();
      await b.page.getByText("The chat is back from the archive").waitFor();
      // No archived chats left: the toggle goes and the normal list shows the chat.
      await drawer(b.page).getByRole("button", { name: /Show (all|archived) chats/ }).waitFor({ state: "detached" });
      await list.getByRole("button", { name: new RegExp(escapeRegExp(chatName)) }).waitFor();
      // Anna's side is untouched by Boris's archive.
      expect(await drawer(a.page).getByRole("button", { name: /Show (all|archived) chats/ }).count()).toBe(0);
    },
    TIMEOUT,
  );

  test(
    "Anna sends a PDF; Boris opens it in the PDF viewer (zoom, thumbnails) and adds it to his files",
    async () => {
      const { a, b, boris, chatName } = await crew();
      await openChat(b.page, chatName);
      await frameOf(a.page).getByRole("button", { name: "Attach files" }).click();
      await a.page.getByRole("menuitem", { name: "Upload files" }).click();
      const dialog = a.page.getByRole("dialog", { name: "Upload files" });
      const save = dialog.getByRole("button", { name: "Send" });
      expect(await save.isDisabled()).toBe(true);
      await dialog.locator("input[type=file]").setInputFiles({ name: "bridge-plan.pdf", mimeType: "application/pdf", buffer: Buffer.from(makePdf([["Bridge plan", "Pier three first."]])) });
      await until(() => save.isEnabled(), LIVE, "the upload");
      await save.click();
      await dialog.waitFor({ state: "hidden" });
      const card = (page: Page) => frameOf(page).locator("li[data-message-id]").getByRole("button", { name: /bridge-plan\.pdf/ });
      await card(a.page).waitFor({ timeout: LIVE });
      await card(b.page).waitFor({ timeout: LIVE });

      await card(b.page).click();
      const viewer = b.page.getByRole("dialog", { name: "bridge-plan.pdf" });
      await viewer.waitFor();
      // The document page's pdf.js viewer (spec 1: zoom and page thumbnails), not the browser's own in a frame.
      expect(await viewer.locator("iframe").count()).toBe(0);
      await b.page.waitForFunction(() => !!document.querySelector('.chat-viewer [data-pdf-pages] .pdf__page[data-page="1"][data-rendered] .textLayer span'));
      expect(await viewer.getByText("Pier three first.").count()).toBeGreaterThan(0);
      const toolbar = viewer.getByRole("toolbar", { name: "PDF tools" });
      const scale = toolbar.locator("#pdf-scale");
      expect(await scale.textContent()).toBe("100%");
      await toolbar.getByRole("button", { name: "Zoom in" }).click();
      expect(await scale.textContent()).toBe("125%");
      await viewer.getByRole("button", { name: "Page 1", exact: true }).waitFor();
      const href = await viewer.getByRole("link", { name: "Download" }).getAttribute("href");
      expect(href).toMatch(/^\/api\/files\/get-user-file\/[\w-]+$/);
      const served = await b.page.evaluate(async (url) => {
        const response = await fetch(`${url}?inline=1`);
        return { status: response.status, type: response.headers.get("content-type"), head: (await response.text()).slice(0, 5) };
      }, href!);
      expect(served).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });
      await viewer.getByRole("button", { name: "Add to my files" }).click();
      await b.page.getByText("File added").waitFor();
      const mine = await call<{ name: string }[]>(boris.cookie, "GET", "/files/get-file-entities");
      expect(mine.map((f) => f.name)).toContain("bridge-plan.pdf");
      await viewer.getByRole("button", { name: "Close" }).click();
      await viewer.waitFor({ state: "hidden" });

      // The owner is not offered to add her own file.
      await card(a.page).click();
      const own = a.page.getByRole("dialog", { name: "bridge-plan.pdf" });
      await own.waitFor();
      expect(await own.getByRole("button", { name: "Add to my files" }).count()).toBe(0);
      await a.page.keyboard.press("Escape");
      await own.waitFor({ state: "hidden" });
    },
    TIMEOUT,
  );

  test(
    "messages written offline wait in the outbox and arrive once, in the same order on both sides",
    async () => {
      const { a, b, anna, chatName, chatId } = await crew();
      await openChat(b.page, chatName);
      await talk({ a, b });
      await a.context.setOffline(true);
      await frameOf(a.page).getByText("No connection: messages will be sent when it is back").waitFor({ timeout: LIVE });
      await send(a.page, "Offline one");
      await send(a.page, "Offline two");
      const pending = frameOf(a.page).locator("li[data-pending]");
      await until(async () => (await pending.count()) === 2, LIVE, "two pending messages");
      expect(await pending.first().getByText("Waiting to be sent").count()).toBe(1);
      // The outbox survives in localStorage, per user.
      const stored = await a.page.evaluate((id) => JSON.parse(localStorage.getItem(`plexus.chat.outbox.${id}`) || "[]").map((m: { text: string }) => m.text), anna.person.id);
      expect(stored).toEqual(["Offline one", "Offline two"]);

      // Meanwhile Boris writes: Anna gets it after the reconnect.
      await send(b.page, "While you were away");
      await frameOf(b.page).getByText("While you were away").waitFor();

      await a.context.setOffline(false);
      await until(async () => (await pending.count()) === 0, 30_000, "the outbox to empty");
      for (const page of [a.page, b.page]) {
        await until(async () => {
          const texts = (await thread(page)).map((m) => m.text);
          return texts.includes("Offline one") && texts.includes("Offline two") && texts.includes("While you were away");
        }, 30_000, "every message on both sides");
      }
      const [seenByAnna, seenByBoris] = await Promise.all([thread(a.page), thread(b.page)]);
      expect(seenByAnna).toEqual(seenByBoris);
      const texts = seenByAnna.map((m) => m.text);
      for (const text of ["Offline one", "Offline two", "While you were away", "Hi Anna, Boris here"]) expect(texts.filter((t) => t === text).length).toBe(1);
      expect(texts.indexOf("While you were away")).toBeLessThan(texts.indexOf("Offline one"));
      expect(texts.indexOf("Offline one")).toBeLessThan(texts.indexOf("Offline two"));
      expect(new Set(seenByAnna.map((m) => m.id)).size).toBe(seenByAnna.length);
      expect(await a.page.evaluate((id) => localStorage.getItem(`plexus.chat.outbox.${id}`), anna.person.id)).toBeNull();

      // The server has each message once, in that order.
      const stored2 = await call<{ decryptedBody: string }[]>(anna.cookie, "GET", `/chat-records/get-messages?chatId=${chatId}`);
      const bodies = stored2.map((m) => m.decryptedBody);
      expect(bodies.filter((t) => t === "Offline one").length).toBe(1);
      expect(bodies.filter((t) => t === "Offline two").length).toBe(1);

      // A reload shows the same thread.
      await a.page.reload();
      await openChat(a.page, chatName);
      await until(async () => JSON.stringify(await thread(a.page)) === JSON.stringify(seenByAnna), LIVE, "the same thread after a reload");
    },
    TIMEOUT,
  );
});

describe("reconnecting", () => {
  test(
    "messages that come back live while the catch-up is answered stay in the thread",
    async () => {
      const { a, b, relay } = await relayedCrew();
      relay.cut();
      await frameOf(a.page).getByText("No connection: messages will be sent when it is back").waitFor({ timeout: LIVE });
      await send(a.page, "Offline one");
      await send(a.page, "Offline two");
      await send(b.page, "While you were away");
      await storedMessage(b.page, "While you were away").waitFor({ timeout: LIVE });
      // The catch-up reads at once and answers only after the outbox's messages have come back on the topic.
      let read!: () => void;
      const wasRead = new Promise<void>((resolve) => (read = resolve));
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await a.page.route(/\/api\/chat-records\/get-messages\?.*after=/, async (route) => {
        const response = await route.fetch();
        read();
        await answered;
        await route.fulfill({ response });
      });
      relay.hold((frame) => frame.startsWith("SEND\ndestination:/ws-prefix/notify/"));
      relay.restore();
      await wasRead;
      relay.release();
      await storedMessage(a.page, "Offline two").waitFor({ timeout: LIVE });
      answer();
      await storedMessage(a.page, "While you were away").waitFor({ timeout: LIVE });
      const texts = (await thread(a.page)).map((m) => m.text);
      expect(texts.filter((t) => t.startsWith("Offline") || t === "While you were away")).toEqual(["While you were away", "Offline one", "Offline two"]);
      await until(async () => JSON.stringify(await thread(b.page)) === JSON.stringify(await thread(a.page)), LIVE, "the same thread on both sides");
    },
    TIMEOUT,
  );

  test(
    "a message written while the chat's topic is being subscribed again reaches the reconnecting side",
    async () => {
      const { a, b, chatId, relay } = await relayedCrew();
      relay.cut();
      await frameOf(a.page).getByText("No connection: messages will be sent when it is back").waitFor({ timeout: LIVE });
      const late = "Written while Anna subscribes again";
      let writing: Promise<void> | undefined;
      const borisWrites = () =>
        (writing ??= (async () => {
          await send(b.page, late);
          await storedMessage(b.page, late).waitFor({ timeout: LIVE });
        })());
      // A client that catches up before its subscription is live does it while the SUBSCRIBE is held:
      // Boris's message is stored after that read and published before Anna listens.
      await a.page.route(/\/api\/chat-records\/get-messages\?.*after=/, async (route) => {
        const response = await route.fetch();
        if (relay.holding()) await borisWrites();
        await route.fulfill({ response });
      });
      relay.hold((frame) => frame.startsWith("SUBSCRIBE\n") && frame.includes(`\ndestination:/ws-broker/topic/${chatId}\n`));
      relay.restore();
      await until(async () => relay.holding(), LIVE, "the topic's SUBSCRIBE");
      // A client that waits for its subscription's RECEIPT reads nothing meanwhile, however long it is held.
      await until(async () => writing !== undefined, 1_500).catch(() => "no catch-up while held");
      await borisWrites();
      relay.release();
      await storedMessage(a.page, late).waitFor({ timeout: LIVE });
      await until(async () => JSON.stringify(await thread(b.page)) === JSON.stringify(await thread(a.page)), LIVE, "the same thread on both sides");
    },
    TIMEOUT,
  );
});

describe("finding chats, limits, comments and focus (issue 9)", () => {
  test(
    "a PUBLIC chat reaches open pages at once; a member who left it finds it in the browse list with its members and joins again",
    async () => {
      const { anna, n } = await annaAndBoris();
      const a = await atProfile(anna);
      await openDrawer(a.page);
      const adminCookie = await signIn(suite.plexus.admin.login, suite.plexus.admin.password);
      const name = `Town square ${n}`;
      await call<number>(adminCookie, "POST", "/chats/new-chat", { name, type: "PUBLIC" });
      const entry = drawer(a.page).locator(".chat-list__items").getByRole("button", { name: named(name) });
      await entry.waitFor({ timeout: LIVE });
      await openChat(a.page, name);
      await frameOf(a.page).getByRole("button", { name: /^Members: \d+$/ }).click();
      await a.page.getByRole("dialog", { name: `Members of ${name}` }).getByRole("button", { name: "Leave the chat" }).click();
      await a.page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Leave the chat" }).click();
      await entry.waitFor({ state: "detached", timeout: LIVE });

      await drawer(a.page).getByRole("button", { name: "Browse public chats" }).click();
      const browse = a.page.getByRole("dialog", { name: "Public chats" });
      await browse.getByLabel("Search by name").fill(name.toUpperCase());
      const row = browse.locator(".chat-browse li").filter({ hasText: name });
      await row.getByText(/^Members: \d+$/).waitFor();
      await row.getByRole("button", { name: "Join" }).click();
      await browse.waitFor({ state: "detached" });
      await frameOf(a.page).getByRole("heading", { name, exact: true }).waitFor();
      await frameOf(a.page).getByText(`${anna.name} joined the chat`).waitFor({ timeout: LIVE });
      await entry.waitFor();
      // Joined: the message box has the focus, and the browse list now offers to open it.
      expect(await messageBox(a.page).evaluate((el) => el === document.activeElement)).toBe(true);
      await drawer(a.page).getByRole("button", { name: "Browse public chats" }).click();
      await browse.getByLabel("Search by name").fill(name);
      await browse.locator(".chat-browse li").filter({ hasText: name }).getByRole("button", { name: "Open" }).waitFor();
      await browse.getByRole("button", { name: "Close" }).click();
    },
    TIMEOUT,
  );

  test(
    "an archived chat with a new message shows in the list, marked archived, as the badge counts it",
    async () => {
      const { a, b, boris, chatName } = await crew();
      await badge(b.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
      await openChat(b.page, chatName);
      await badge(b.page).waitFor({ state: "hidden", timeout: LIVE });
      await frameOf(b.page).getByRole("button", { name: "Chat options" }).click();
      await b.page.getByRole("menuitem", { name: "Archive" }).click();
      await b.page.getByText("The chat is archived").waitFor();
      // Boris looks at another chat; Anna writes in the archived one.
      await call<number>(boris.cookie, "POST", "/chats/new-chat", { name: `${chatName} elsewhere`, type: "PRIVATE" });
      await b.page.reload();
      await openChat(b.page, `${chatName} elsewhere`);
      const list = drawer(b.page).locator(".chat-list__items");
      const archived = list.getByRole("button", { name: new RegExp(`^${escapeRegExp(chatName)}(?! elsewhere)`) });
      expect(await archived.count()).toBe(0);
      await send(a.page, "Are you still there?");
      await badge(b.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
      await archived.waitFor({ timeout: LIVE });
      await archived.getByRole("img", { name: "Archived" }).waitFor();
      await archived.getByLabel("1 unread").waitFor();
    },
    TIMEOUT,
  );

  test(
    "near 4,000 characters the message box counts down; past it nothing is cut or sent",
    async () => {
      const { a, b, chatName } = await crew();
      await openChat(b.page, chatName);
      await messageBox(a.page).fill("x".repeat(3990));
      await frameOf(a.page).getByText("Characters left: 10").waitFor();
      await messageBox(a.page).fill("y".repeat(4010));
      await frameOf(a.page).getByText("Characters over the limit: 10").waitFor();
      expect((await messageBox(a.page).inputValue()).length).toBe(4010);
      expect(await frameOf(a.page).getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
      await messageBox(a.page).press("Enter");
      expect(await frameOf(a.page).locator("li[data-pending]").count()).toBe(0);
      expect((await messageBox(a.page).inputValue()).length).toBe(4010);
      // Down to the limit, it goes whole.
      await messageBox(a.page).fill("z".repeat(4000));
      await messageBox(a.page).press("Enter");
      await until(async () => (await frameOf(b.page).locator(".chat-msg__text").allTextContents()).includes("z".repeat(4000)), LIVE, "the 4,000-character message");
    },
    TIMEOUT,
  );

  test(
    "the drawer keeps the focus: Tab stays inside, choosing a chat focuses its message box, Escape closes it and returns to the rail button",
    async () => {
      const { b, chatName } = await crew();
      const rail = b.page.locator("nav.rail [data-chat-open]");
      await rail.click();
      await drawer(b.page).waitFor();
      for (let i = 0; i < 30; i++) {
        await b.page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
        expect(await b.page.evaluate(() => !!document.activeElement?.closest(".chat-drawer"))).toBe(true);
      }
      await drawer(b.page).locator(".chat-list__items").getByRole("button", { name: named(chatName) }).click();
      await until(() => messageBox(b.page).evaluate((el) => el === document.activeElement), LIVE, "the message box to take the focus");
      await b.page.keyboard.press("Escape");
      await drawer(b.page).waitFor({ state: "detached" });
      expect(await rail.evaluate((el) => el === document.activeElement)).toBe(true);

      // On /chats, choosing a chat focuses its message box too.
      await b.page.goto(`${suite.plexus.url}/chats`);
      await b.page.locator("#chat-page .chat-list").getByRole("button", { name: named(chatName) }).click();
      const box = b.page.locator("#chat-page .chat-frame").getByLabel("Message", { exact: true });
      await until(() => box.evaluate((el) => el === document.activeElement), LIVE, "the message box on /chats to take the focus");
    },
    TIMEOUT,
  );
});

describe("where chat opens", () => {
  test(
    "/chats?chat=ID selects that chat once connected; on a narrow screen the bottom bar leads there and one column shows at a time",
    async () => {
      const { boris, chatName, chatId } = await crew();
      const wide = await pageAs(boris.cookie);
      await wide.page.goto(`${suite.plexus.url}/chats?chat=${chatId}`);
      const panel = wide.page.locator("#chat-page .chat-panel");
      await panel.locator(".chat-frame").getByRole("heading", { name: chatName, exact: true }).waitFor({ timeout: LIVE });
      expect(await panel.locator(".chat-list").isVisible()).toBe(true);
      // No quick list on /chats.
      expect(await wide.page.locator("[data-chat-quick]").count()).toBe(0);
      await wide.context.close();

      const narrow = await pageAs(boris.cookie, { viewport: { width: 360, height: 740 } });
      await narrow.page.goto(`${suite.plexus.url}/profile`);
      const link = narrow.page.locator("nav.bottombar a[href='/chats']");
      expect(await link.isVisible()).toBe(true);
      await link.click();
      await narrow.page.waitForURL((url) => url.pathname === "/chats");
      const list = narrow.page.locator("#chat-page .chat-list");
      await list.getByRole("button", { name: new RegExp(escapeRegExp(chatName)) }).click();
      const frame = narrow.page.locator("#chat-page .chat-frame");
      await frame.getByRole("heading", { name: chatName, exact: true }).waitFor();
      expect(await list.isVisible()).toBe(false);
      expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await frame.getByRole("button", { name: "Back to the chat list" }).click();
      await list.waitFor();
      expect(await frame.isVisible()).toBe(false);
      await narrow.context.close();
    },
    TIMEOUT,
  );

  test(
    "the quick list opens a chat in a draggable window, which can move to the drawer",
    async () => {
      const { a, b, chatName } = await crew();
      await openChat(b.page, chatName);
      await a.page.goto(`${suite.plexus.url}/profile`);
      await a.page.locator("nav.rail [data-chat-quick]").click();
      const quick = a.page.getByRole("dialog", { name: "Quick chat list" });
      await quick.getByRole("searchbox").fill(chatName.slice(0, 6).toLowerCase());
      await quick.getByRole("button", { name: new RegExp(escapeRegExp(chatName)) }).click();
      await quick.waitFor({ state: "hidden" });
      const modal = a.page.locator(".chat-modal");
      await modal.getByRole("heading", { name: chatName, exact: true }).waitFor();
      const box = (await modal.boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([450, 400]);

      await modal.getByLabel("Message", { exact: true }).fill("From the small window");
      await modal.getByLabel("Message", { exact: true }).press("Enter");
      await frameOf(b.page).getByText("From the small window").waitFor({ timeout: LIVE });

      const head = modal.locator(".chat-frame__head");
      const from = (await head.boundingBox())!;
      await a.page.mouse.move(from.x + 60, from.y + 10);
      await a.page.mouse.down();
      await a.page.mouse.move(from.x - 240, from.y - 150, { steps: 5 });
      await a.page.mouse.up();
      const moved = (await modal.boundingBox())!;
      expect(Math.round(moved.x)).toBe(Math.round(box.x - 300));
      expect(Math.round(moved.y)).toBe(Math.round(box.y - 160));

      await modal.getByRole("button", { name: "Open in the chat panel" }).click();
      await modal.waitFor({ state: "detached" });
      await frameOf(a.page).getByRole("heading", { name: chatName, exact: true }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "a document's comments tab loads the chat on demand and creates the item's chat on first use",
    async () => {
      const { anna, boris } = await annaAndBoris();
      const adminCookie = await signIn(suite.plexus.admin.login, suite.plexus.admin.password);
      const projectId = (await call(adminCookie, "POST", "/project/create", { name: "Chat bridge" })).id;
      for (const person of [anna, boris]) {
        await call(adminCookie, "POST", "/project/add-user-project", { user: { id: person.person.id }, project: { id: projectId }, moderator: person === anna });
      }
      const form = new FormData();
      form.append("file", new File([makePdf([["Pier survey"]]) as BlobPart], "pier.pdf"));
      const staged = (await (await fetch(`${suite.plexus.url}/api/files/save`, { method: "POST", headers: { cookie: anna.cookie, ...ownPageHeaders(suite.plexus.url) }, body: form })).json()) as { path: string }[];
      const [{ id: docId }] = await call<{ id: number }[]>(anna.cookie, "POST", `/docs/save-all/${projectId}`, [{ path: staged[0].path, name: "Pier survey", provider: "Survey office" }]);

      const visit = await pageAs(anna.cookie);
      const scripts: string[] = [];
      visit.page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
      await visit.page.goto(`${suite.plexus.url}/project/${projectId}/doc/${docId}`);
      await visit.page.getByRole("tab", { name: "Versions" }).waitFor();
      expect(scripts.filter((path) => /\/panel\.[\w-]+\.js$/.test(path))).toEqual([]);

      await visit.page.getByRole("tab", { name: "Comments" }).click();
      const comments = visit.page.locator("#panel-comments .chat-frame");
      await comments.getByLabel("Message", { exact: true }).waitFor({ timeout: LIVE });
      expect(scripts.some((path) => /\/panel\.[\w-]+\.js$/.test(path))).toBe(true);
      // Opening the comments wrote nothing: the item has no chat before its first comment.
      expect(await call(anna.cookie, "GET", `/chats/for-data?dataId=${docId}`)).toEqual({ chat: null, joined: false });
      await comments.getByLabel("Message", { exact: true }).fill("Check pier three first");
      await comments.getByLabel("Message", { exact: true }).press("Enter");
      await comments.locator("li[data-message-id]").getByText("Check pier three first").waitFor({ timeout: LIVE });

      // Boris opens the same tab and answers; Anna sees it live.
      const other = await pageAs(boris.cookie);
      await other.page.goto(`${suite.plexus.url}/project/${projectId}/doc/${docId}`);
      await other.page.getByRole("tab", { name: "Comments" }).click();
      const theirs = other.page.locator("#panel-comments .chat-frame");
      await theirs.getByText("Check pier three first").waitFor({ timeout: LIVE });
      // Reading them did not make Boris a member; writing does.
      const { chat: commentChat } = await call<{ chat: { id: number } }>(boris.cookie, "GET", `/chats/for-data?dataId=${docId}`);
      expect((await call<{ id: number }[]>(anna.cookie, "GET", `/chats/members?chatId=${commentChat.id}`)).map((m) => m.id)).toEqual([anna.person.id]);
      await theirs.getByLabel("Message", { exact: true }).fill("Will do");
      await theirs.getByLabel("Message", { exact: true }).press("Enter");
      await comments.getByText("Will do").waitFor({ timeout: LIVE });
      expect((await call<{ id: number }[]>(anna.cookie, "GET", `/chats/members?chatId=${commentChat.id}`)).length).toBe(2);
      await other.context.close();

      // In Anna's chat list the comment chat is under Comments, named after the document and linking to it.
      await visit.page.locator("nav.rail [data-chat-open]").click();
      const list = visit.page.getByRole("dialog", { name: "Chats" });
      await list.getByRole("button", { name: "Comments", exact: true }).click();
      await list.locator(".chat-list__items").getByRole("button", { name: /Pier survey/ }).click();
      const header = list.locator(".chat-frame__head");
      await header.getByRole("link", { name: "Pier survey" }).waitFor();
      expect(await header.getByRole("link", { name: "Pier survey" }).getAttribute("href")).toBe(`/project/${projectId}/doc/${docId}`);
      await list.getByRole("button", { name: "All", exact: true }).click();
      await visit.context.close();
    },
    TIMEOUT,
  );
});

describe("members, personal chats, files and deletion", () => {
  test(
    "Anna invites Carla from the members dialog; removing her takes the chat out of Carla's list",
    async () => {
      const { n, a, anna, boris, chatName } = await crew();
      const carla = await newcomer("Carla", "Cook", n);
      const c = await atProfile(carla);
      await frameOf(a.page).getByRole("button", { name: "Members: 2" }).click();
      const dialog = a.page.getByRole("dialog", { name: `Members of ${chatName}` });
      const rows = dialog.locator(".chat-members-list > li");
      await rows.filter({ hasText: boris.name }).waitFor();
      expect(await rows.filter({ hasText: anna.name }).getByText("owner").count()).toBe(1);
      expect(await rows.filter({ hasText: anna.name }).getByRole("button", { name: "Remove" }).count()).toBe(0);
      await dialog.getByLabel("Invite people").fill(carla.name);
      await dialog.getByRole("button", { name: named(carla.name) }).click();
      await dialog.getByRole("button", { name: "Invite", exact: true }).click();
      await rows.filter({ hasText: carla.name }).waitFor();
      await badge(c.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
      await openDrawer(c.page);
      const carlasEntry = drawer(c.page).locator(".chat-list__items").getByRole("button", { name: new RegExp(escapeRegExp(chatName)) });
      await carlasEntry.waitFor();

      await rows.filter({ hasText: carla.name }).getByRole("button", { name: "Remove" }).click();
      await a.page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Remove" }).click();
      await rows.filter({ hasText: carla.name }).waitFor({ state: "detached" });
      await carlasEntry.waitFor({ state: "detached", timeout: LIVE });
      await dialog.getByRole("button", { name: "Close" }).click();
      await frameOf(a.page).getByText(`${anna.name} removed ${carla.name}`).waitFor();
      await frameOf(a.page).getByRole("button", { name: "Members: 2" }).waitFor();
    },
    TIMEOUT,
  );

  test(
    "a personal chat shows the companion online, and 'last seen just now' once they leave",
    async () => {
      const n = ++serial;
      const [anna, carla] = await Promise.all([newcomer("Anna", "Archer", n), newcomer("Carla", "Cook", n)]);
      const [a, c] = await Promise.all([atProfile(anna), atProfile(carla)]);
      await openDrawer(a.page);
      await drawer(a.page).getByRole("button", { name: "New chat" }).click();
      const dialog = a.page.getByRole("dialog", { name: "New chat" });
      await dialog.getByRole("radio", { name: "Personal" }).check();
      await dialog.getByLabel("Recipient").fill(carla.name);
      await dialog.getByRole("button", { name: named(carla.name) }).click();
      await dialog.getByRole("button", { name: "Create" }).click();
      await frameOf(a.page).getByRole("heading", { name: carla.name, exact: true }).waitFor();
      const status = frameOf(a.page).locator(".chat-frame__status");
      await status.filter({ hasText: "online" }).waitFor({ timeout: LIVE });
      // Personal chats have no subscription toggle and no options.
      expect(await frameOf(a.page).getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
      expect(await frameOf(a.page).getByRole("button", { name: "Chat options" }).count()).toBe(0);
      await c.context.close();
      await status.filter({ hasText: "last seen just now" }).waitFor({ timeout: LIVE });
    },
    TIMEOUT,
  );

  test(
    "a file dropped on the chat opens the uploader; files from one's drive can be sent; other types show a download",
    async () => {
      const { a, b, boris, chatName } = await crew();
      await openChat(b.page, chatName);
      const form = new FormData();
      form.append("file", new File([makePdf([["Bridge plan", "Pier three first."]]) as BlobPart], "bridge-plan.pdf"));
      const kept = await fetch(`${suite.plexus.url}/api/files/save-user-file`, { method: "POST", headers: { cookie: boris.cookie, ...ownPageHeaders(suite.plexus.url) }, body: form });
      expect(kept.status).toBe(200);
      await frameOf(b.page).evaluate((frame) => {
        const data = new DataTransfer();
        data.items.add(new File(["Pier three: check the bearings."], "notes.txt", { type: "text/plain" }));
        frame.dispatchEvent(new DragEvent("dragenter", { bubbles: true, dataTransfer: data }));
        frame.dispatchEvent(new DragEvent("drop", { bubbles: true, cancelable: true, dataTransfer: data }));
      });
      const upload = b.page.getByRole("dialog", { name: "Upload files" });
      await upload.getByText("notes.txt").waitFor();
      await until(() => upload.getByRole("button", { name: "Send" }).isEnabled(), LIVE, "the dropped file's upload");
      await upload.getByRole("button", { name: "Send" }).click();
      const notes = frameOf(a.page).locator("li[data-message-id]").getByRole("button", { name: /notes\.txt/ });
      await notes.waitFor({ timeout: LIVE });

      await frameOf(b.page).getByRole("button", { name: "Attach files" }).click();
      await b.page.getByRole("menuitem", { name: "My files" }).click();
      const picker = b.page.getByRole("dialog", { name: "My files" });
      await picker.getByLabel("Search my files").fill("bridge");
      await picker.getByRole("checkbox", { name: /bridge-plan\.pdf/ }).check();
      await picker.getByText("The chat's members will be able to open the files you send").waitFor();
      await picker.getByRole("button", { name: "Send" }).click();
      await until(async () => (await frameOf(a.page).locator("li[data-message-id]").getByRole("button", { name: /bridge-plan\.pdf/ }).count()) === 1, LIVE, "the PDF message");

      await notes.click();
      const viewer = a.page.getByRole("dialog", { name: "notes.txt" });
      await viewer.getByText("This file type cannot be shown here").waitFor();
      expect(await viewer.getByRole("link", { name: "Download" }).count()).toBe(2);
      await viewer.getByRole("button", { name: "Close" }).click();
    },
    TIMEOUT,
  );

  test(
    "away from the bottom, a new message shows the scroll-down button with a count and raises the badge; going down reads it",
    async () => {
      const { a, b, chatName } = await crew();
      await openChat(b.page, chatName);
      for (let n = 1; n <= 20; n++) await send(a.page, `Filler ${n}`);
      await frameOf(b.page).getByText("Filler 20", { exact: true }).waitFor({ timeout: LIVE });
      await badge(b.page).waitFor({ state: "hidden", timeout: LIVE });
      await frameOf(b.page).locator(".chat-messages__scroll").evaluate((el) => (el.scrollTop = 0));
      const down = frameOf(b.page).getByRole("button", { name: "To the latest messages" });
      await down.waitFor();
      await send(a.page, "Look down");
      await down.getByText("1", { exact: true }).waitFor({ timeout: LIVE });
      await badge(b.page).filter({ hasText: "1" }).waitFor({ timeout: LIVE });
      await down.click();
      await frameOf(b.page).getByText("Look down", { exact: true }).waitFor();
      await badge(b.page).waitFor({ state: "hidden", timeout: LIVE });
      await down.waitFor({ state: "hidden" });
    },
    TIMEOUT,
  );

  test(
    "the owner deletes a chat after confirming; it leaves both lists",
    async () => {
      const { n, anna, boris } = await annaAndBoris();
      const [a, b] = await Promise.all([atProfile(anna), atProfile(boris)]);
      const temporary = `Temporary ${n}`;
      await openDrawer(b.page);
      const id = await call<number>(anna.cookie, "POST", "/chats/new-chat", { name: temporary, type: "PRIVATE", members: [{ id: boris.person.id }] });
      expect(typeof id).toBe("number");
      const entry = (page: Page) => drawer(page).locator(".chat-list__items").getByRole("button", { name: new RegExp(`^${escapeRegExp(temporary)}(?!\\d)`) });
      await entry(b.page).waitFor({ timeout: LIVE });
      // The server tells only the invited about a new chat (INVITED); the creator's page, made through the API here, reloads.
      await a.page.reload();
      await openDrawer(a.page);
      await entry(a.page).waitFor({ timeout: LIVE });
      await openChat(a.page, temporary);
      await frameOf(a.page).getByRole("button", { name: "Chat options" }).click();
      await a.page.getByRole("menuitem", { name: "Delete the chat" }).click();
      await a.page.getByRole("dialog", { name: "Please confirm" }).getByText(`Delete ${temporary} with all its messages?`).waitFor();
      await a.page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete the chat" }).click();
      await entry(a.page).waitFor({ state: "detached", timeout: LIVE });
      await entry(b.page).waitFor({ state: "detached", timeout: LIVE });
    },
    TIMEOUT,
  );
});

describe("performance budget", () => {
  const texts = (scripts: ScriptSizes) => [...scripts.modules.values()].map((m) => m.text);

  test(
    `a content page with the chat entry stays within ${CONTENT_BUDGET / 1024} KiB of gzipped JavaScript, React only in the shared runtime; /chats with the panel within ${CHAT_BUDGET / 1024} KiB`,
    async () => {
      const { cookie: annaCookie } = await newcomer("Anna", "Archer", ++serial);
      const profile = await initialScripts(suite.plexus.url, "/profile", annaCookie);
      const profileTotal = profile.gzipped;
      console.log(`/profile: ${profile.modules.size} files, ${profileTotal} bytes gzipped (budget ${CONTENT_BUDGET})`);
      expect(profileTotal).toBeLessThanOrEqual(CONTENT_BUDGET);
      // Every signed-in page hydrates the shell's islands: React comes once, as the shared runtime, and no own chunk
      // carries a copy of it (its internals' export; signals name React's element symbol, which is no copy).
      const own = [...profile.modules].filter(([url]) => !SHARED_RUNTIME.test(url)).map(([, m]) => m.text);
      expect(own.some((text) => text.includes("__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE"))).toBe(false);

      const chats = await initialScripts(suite.plexus.url, "/chats", annaCookie);
      // The panel comes with a dynamic import(): add it and everything it imports statically.
      const panelName = texts(chats).join("\n").match(/panel\.[\w-]+\.js/)?.[0];
      expect(panelName).toBeDefined();
      const panel = await scriptsFrom(suite.plexus.url, [`/_astro/${panelName}`]);
      const all = new Map([...chats.modules, ...panel.modules]);
      const chatsTotal = chats.gzipped + [...panel.modules].filter(([url]) => !chats.modules.has(url)).reduce((sum, [, m]) => sum + m.gzipped, 0);
      const react = [...panel.modules].filter(([, m]) => m.text.includes("react.transitional.element")).map(([url, m]) => `${new URL(url).pathname} ${m.gzipped}`);
      console.log(`/chats: ${chats.modules.size} initial files ${chats.gzipped} bytes + the panel ${panel.modules.size} files = ${all.size} files, ${chatsTotal} bytes gzipped (budget ${CHAT_BUDGET}); React: ${react.join(", ")}`);
      expect(chatsTotal).toBeLessThanOrEqual(CHAT_BUDGET);
    },
    TIMEOUT,
  );
});
