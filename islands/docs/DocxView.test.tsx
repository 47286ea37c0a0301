import { describe, expect, test } from "bun:test";
import { useState } from "react";
import { en } from "../../locales/en";
import { withDom } from "../testing/dom";
import { fakeServer } from "../testing/fake-server";
import { pageStrings } from "../testing/page-strings";
import { DocSearchBox } from "./DocSearchBox";
import { DocxArticle, type DocxRead } from "./DocxArticle";
import { DocxTree } from "./DocxTree";
import { DocxView } from "./DocxView";

withDom();
const { render, within, fireEvent, act, waitFor, cleanup } = await import("@testing-library/react");
const page = () => within(document.body);

pageStrings("en", en);

const server = fakeServer();

/** The document page's Word view as the viewer pane puts it together: search box, structure tree and text. */
function WordView({ body }: { body: string }) {
  const [article, setArticle] = useState<HTMLElement | null>(null);
  const [read, setRead] = useState<DocxRead | null>(null);
  return (
    <>
      <DocSearchBox article={article} />
      {read?.empty && <p>{en["docs.view.emptyDocument"]}</p>}
      {read && !read.empty && <DocxTree headings={read.headings} />}
      <DocxArticle body={body} onRead={setRead} onArticle={setArticle} />
    </>
  );
}

const SURVEY = [
  '<h1 id="t" class="docx-title">Bridge survey</h1>',
  '<h1 id="a">Scope</h1><p>The survey covers the piers and the deck.</p>',
  '<h2 id="b">Piers</h2><p>Corrosion on <strong>pier</strong> three.</p><p><img src="data:image/png;base64,AA=="></p>',
  '<h1 id="c">Findings</h1><p>Deck joints near the pier need sealing.</p>',
].join("");

const count = () => document.querySelector("[data-search-count]")!.textContent;
const marks = () => [...document.querySelectorAll("[data-docx-body] mark")];

describe("the Word view", () => {
  test("the structure nests the headings under Word's title; a picture without a description is named", () => {
    render(<WordView body={SURVEY} />);
    const tree = page().getByRole("navigation", { name: en["docs.view.structure"] });
    expect(within(tree).getAllByRole("link").map((link) => link.textContent)).toEqual(["Bridge survey", "Scope", "Piers", "Findings"]);
    const top = tree.querySelectorAll(":scope > ul > li");
    expect(top.length).toBe(1);
    expect([...top[0]!.querySelectorAll(":scope > ul > li > a")].map((a) => a.textContent)).toEqual(["Scope", "Findings"]);
    expect(page().getByRole("img").getAttribute("alt")).toBe(en["docs.view.picture"]);
    expect(page().getByText(en["docs.view.noHeadings"]).hidden).toBe(true);
  });

  test("an empty document says so and offers no search", () => {
    render(<WordView body="<p> </p>" />);
    page().getByText(en["docs.view.emptyDocument"]);
    expect((document.getElementById("doc-search") as HTMLElement).hidden).toBe(true);
  });

  test("search marks every hit in any case, counts n of m, steps with the buttons and Enter, and searches a new term at once", async () => {
    render(<WordView body={SURVEY} />);
    const box = page().getByRole("searchbox", { name: en["docs.view.search"] });
    fireEvent.change(box, { target: { value: "pier" } });
    await waitFor(() => expect(count()).toBe("1 of 4"));
    expect(marks().map((mark) => mark.textContent)).toEqual(["pier", "Pier", "pier", "pier"]);
    expect(marks().map((mark) => mark.classList.contains("is-current"))).toEqual([true, false, false, false]);

    await act(async () => fireEvent.click(page().getByRole("button", { name: en["docs.view.searchNext"] })));
    expect(count()).toBe("2 of 4");
    await act(async () => fireEvent.keyDown(box, { key: "Enter", shiftKey: true }));
    expect(count()).toBe("1 of 4");

    // Enter on a term typed since the last search searches it without waiting.
    fireEvent.change(box, { target: { value: "deck" } });
    await act(async () => fireEvent.keyDown(box, { key: "Enter" }));
    expect(count()).toBe("1 of 2");
    expect(marks().map((mark) => mark.textContent)).toEqual(["deck", "Deck"]);

    fireEvent.change(box, { target: { value: "nothing like this" } });
    await waitFor(() => expect(count()).toBe(en["docs.view.noHits"]));
    expect(marks()).toEqual([]);
  });
});

describe("the first screen the server rendered", () => {
  const first = '<h1 id="a">Scope</h1><p>The survey covers the piers.</p>';
  const rest = '<h1 id="c">Findings</h1><p>Deck joints need sealing.</p>';
  const text = () => document.querySelector("[data-docx-body]")?.textContent;

  test("shows at once, then the whole body once it has come, asked for once", async () => {
    server.answers.push({ status: 200, body: { id: 7, part: 0, totalParts: 1, body: first + rest } });
    render(<DocxView versionId={7} first={{ html: first, complete: false }} />);
    expect(text()).toBe("ScopeThe survey covers the piers.");
    await waitFor(() => expect(text()).toContain("Deck joints need sealing."));
    expect(server.sent.map((call) => call.url)).toEqual(["/api/docs/get-body/7?part=0"]);
  });

  test("a whole body asks for nothing; a failed rest keeps the first screen", async () => {
    render(<DocxView versionId={8} first={{ html: first + rest, complete: true }} />);
    expect(text()).toContain("Deck joints");
    expect(server.sent).toEqual([]);
    cleanup();

    server.answers.push({ status: 500, body: { status: 500, error: "internal", message: "Down" } });
    render(<DocxView versionId={9} first={{ html: first, complete: false }} />);
    await waitFor(() => expect(server.sent.length).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(text()).toBe("ScopeThe survey covers the piers.");
  });
});
