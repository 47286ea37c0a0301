import { afterEach, describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { pageStrings } from "../testing/page-strings";
import { withDom } from "../testing/dom";

withDom();
const { render, within, fireEvent, act, waitFor } = await import("@testing-library/react");
const { SearchSheet } = await import("./SearchSheet");
const { openSearch } = await import("./store");
const page = () => within(document.body);

pageStrings("en", en);

/** The calls the sheet makes, answered in turn by `answers` (the server's JSON and status). */
let sent: string[] = [];
let answers: { status: number; body: unknown }[] = [];
const realFetch = globalThis.fetch;
globalThis.fetch = (async (url: string) => {
  sent.push(decodeURIComponent(String(url).replace(/^https?:\/\/[^/]+/, "")));
  const { status, body } = answers.shift()!;
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}) as typeof fetch;
afterEach(() => {
  sent = [];
  answers = [];
});
process.on("beforeExit", () => (globalThis.fetch = realFetch));

const project = { id: 4, name: "Bridge" };
const nameHits = {
  abstractDataList: [{ id: 7, name: "Pier survey", dataType: "TABLE", project }],
  issues: [{ id: 9, name: "Pier repair", project }],
  chats: [],
  articles: [],
  userProjects: [{ id: 4, name: "Pier works" }],
};

const sheet = () => page().getByRole("dialog", { name: en["search.title"] });
const box = () => page().getByLabelText(en["search.query"]) as HTMLInputElement;
const type = (text: string) => act(async () => fireEvent.change(box(), { target: { value: text } }));

describe("the search sheet", () => {
  test("opens with the box focused; typing searches by name once the typing pauses, for the last text only; the hits come in their groups", async () => {
    render(<SearchSheet />);
    await act(async () => openSearch());
    expect((sheet() as HTMLDialogElement).open).toBe(true);
    expect(document.activeElement).toBe(box());
    expect(within(sheet()).getByRole("status").textContent).toBe(en["search.hint"]);

    answers.push({ status: 200, body: nameHits });
    await type("pi");
    await type("pier");
    await waitFor(() => expect(within(sheet()).getAllByRole("link")).toHaveLength(3));
    expect(sent).toEqual(["/api/global-search/find?q=pier"]);
    const headings = within(sheet()).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([en["search.group.data"], en["search.group.tasks"], en["search.group.projects"]]);
    expect(within(sheet()).getByRole("link", { name: /Pier repair/ }).getAttribute("href")).toBe("/project/4/issue/9");
    expect(within(sheet()).getByRole("status").textContent).toBe("");

    // Down from the box reaches the first hit, Down walks on, Up from the first goes back to the box.
    const links = within(sheet()).getAllByRole("link");
    fireEvent.keyDown(box(), { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[0]!);
    fireEvent.keyDown(links[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[1]!);
    fireEvent.keyDown(links[1]!, { key: "End" });
    expect(document.activeElement).toBe(links[2]!);
    fireEvent.keyDown(links[2]!, { key: "Home" });
    fireEvent.keyDown(links[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(box());
  });

  test("a refused search says the server's message in the status line and keeps what was typed", async () => {
    render(<SearchSheet />);
    await act(async () => openSearch());
    answers.push({ status: 422, body: { status: 422, error: "validation_failed", message: "The query is too long", details: [] } });
    await type("x".repeat(40));
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(within(sheet()).getByRole("status").textContent).not.toBe(en["search.searching"]));
    expect(within(sheet()).getByRole("status").textContent).toBe(en["error.validation_failed"] ?? "The query is too long");
    expect(box().value).toBe("x".repeat(40));
    expect(within(sheet()).queryAllByRole("link")).toHaveLength(0);
  });

  test("by content: each word is its own q from page 0; a snippet's markup stays text and only the matched forms are marked", async () => {
    render(<SearchSheet />);
    await act(async () => openSearch());
    await type("casas guía");
    answers.push({
      status: 200,
      body: { totalElements: 1, content: [{ type: "ARTICLE", id: 3, name: "Guía", version: null, project: null, snippet: "&lt;img src=x onerror=alert(1)&gt; las <mark>casas</mark> &amp; <mark>guía</mark>" }] },
    });
    await act(async () => fireEvent.click(within(sheet()).getByRole("radio", { name: en["search.byContent"] })));
    const card = await within(sheet()).findByRole("link", { name: /Guía/ });
    expect(sent).toEqual(["/api/full-text-search/find?q=casas&q=guía&page=0"]);
    // The page it opens highlights the words (islands/lib/find-on-open.ts).
    expect(card.getAttribute("href")).toBe("/wiki/3#hl=casas%20gu%C3%ADa");
    expect(card.querySelector(".search-sheet__snippet")!.textContent).toBe("<img src=x onerror=alert(1)> las casas & guía");
    expect(card.querySelectorAll("img")).toHaveLength(0);
    expect([...card.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["casas", "guía"]);
    expect(within(sheet()).getByRole("status").textContent).toBe("");
  });
});
