import { afterEach, describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { pageStrings } from "../testing/page-strings";
import { withDom } from "../testing/dom";
import type { Chat } from "./types";

withDom();
const { render, within, act } = await import("@testing-library/react");
const { default: ChatNav } = await import("./ChatNav");
const { chatCore } = await import("./chat-core");
const { renderToString } = await import("react-dom/server");
const { hydrateRoot } = await import("react-dom/client");
const page = () => within(document.body);

pageStrings("en", en);

const me = { id: 1, login: "anna", firstName: "Anna", lastName: "Berg", role: "USER" };
const chat = (id: number, unread: number): Chat => ({
  id,
  name: `Chat ${id}`,
  description: "",
  type: "PUBLIC",
  ownerID: 2,
  dataId: null,
  issueId: null,
  numberOfMembers: 2,
  subscribed: true,
  archived: false,
  numberOfUnreadMessages: unread,
  lastMessageID: id,
  lastMessageTime: "2026-11-27T08:00:00.000Z",
  companionID: null,
  companionLogoutTime: null,
  topRecord: null,
});

/** The chat list the server answers: the shell's entries read it through the typed client. */
let listed: Chat[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (async (url: string) => {
  expect(String(url)).toEndWith("/api/chats/get-all");
  return new Response(JSON.stringify(listed), { headers: { "content-type": "application/json" } });
}) as typeof fetch;
process.on("beforeExit", () => (globalThis.fetch = realFetch));
afterEach(async () => {
  listed = [];
  await act(() => chatCore.refresh());
});

const entries = (onChats = false) =>
  render(
    <>
      <nav aria-label="rail">
        <ChatNav locale="en" place="rail" me={me} onChats={onChats} />
      </nav>
      <nav aria-label="bottom">
        <ChatNav locale="en" place="bottom" me={me} onChats={onChats} />
      </nav>
    </>,
  );
const badges = () => [...document.querySelectorAll<HTMLElement>("[data-chat-badge]")].map((badge) => (badge.hidden ? "hidden" : badge.textContent));

describe("the shell's chat entries", () => {
  test("both badges and the tab's title count unread messages of the chats one is in, not of one only visited; 99+ above 99", async () => {
    document.title = "Projects · Plexus";
    entries();
    expect(badges()).toEqual(["hidden", "hidden"]);

    listed = [chat(1, 2), chat(2, 1)];
    await act(() => chatCore.refresh());
    expect(badges()).toEqual(["3", "3"]);
    expect(document.title).toBe("(3) Projects · Plexus");

    // A data item's comments read without joining: shown, never counted.
    await act(async () => chatCore.visit({ ...chat(3, 40), type: "DATA" }));
    expect(badges()).toEqual(["3", "3"]);

    listed = [chat(1, 120)];
    await act(() => chatCore.refresh());
    expect(badges()).toEqual(["99+", "99+"]);
    expect(document.title).toBe("(99+) Projects · Plexus");

    listed = [chat(1, 0)];
    await act(() => chatCore.refresh());
    expect(badges()).toEqual(["hidden", "hidden"]);
    expect(document.title).toBe("Projects · Plexus");
  });

  test("outside /chats the rail has the drawer's button and the quick list's; on /chats only the first, marked as the page; the bottom bar links to /chats", () => {
    const outside = entries();
    const rail = within(page().getByRole("navigation", { name: "rail" }));
    expect(rail.getByRole("button", { name: en["nav.chats"] }).getAttribute("aria-current")).toBeNull();
    expect(rail.getByRole("button", { name: en["nav.quickChats"] })).toBeTruthy();
    expect(within(page().getByRole("navigation", { name: "bottom" })).getByRole("link", { name: en["nav.chats"] }).getAttribute("href")).toBe("/chats");
    outside.unmount();

    entries(true);
    const onChats = within(page().getByRole("navigation", { name: "rail" }));
    expect(onChats.getByRole("button", { name: en["nav.chats"] }).getAttribute("aria-current")).toBe("page");
    expect(onChats.queryByRole("button", { name: en["nav.quickChats"] })).toBeNull();
  });

  test("an entry hydrated after another island brought the list hydrates as the server rendered it, then shows the count", async () => {
    const host = document.body.appendChild(document.createElement("div"));
    host.innerHTML = renderToString(<ChatNav locale="en" place="bottom" me={me} onChats={false} />);
    listed = [chat(1, 4)];
    await act(() => chatCore.refresh());
    const failures: unknown[] = [];
    const root = await act(async () => hydrateRoot(host, <ChatNav locale="en" place="bottom" me={me} onChats={false} />, { onRecoverableError: (error) => failures.push(error) }));
    expect(failures).toEqual([]);
    expect(host.querySelector("[data-chat-badge]")!.textContent).toBe("4");
    await act(async () => root.unmount());
    host.remove();
  });
});
