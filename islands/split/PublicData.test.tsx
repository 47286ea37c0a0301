import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import type { PresentedPublicData } from "../../src/modules/public-data/presenter";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import PublicData from "./PublicData";

withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");
addMessages(en);

const item = (over: Partial<PresentedPublicData>): PresentedPublicData => ({
  id: 7, name: "Water wells", description: "", dataType: "TABLE", icon: null, table: null, document: null, report: null, chart: null, ...over,
});
const wells = { headers: ["Well", "Depth"], rows: [["Well 1", 0.125], ["Well 15", 2], ["Pump", null]], page: 1, rowsPerPage: 3, totalElements: 9 };

/** Types into the search box and lets its pause pass. */
async function search(words: string) {
  await act(async () => {
    fireEvent.change(screen.getByRole("searchbox", { name: "Search in the data" }), { target: { value: words } });
    await new Promise((resolve) => setTimeout(resolve, 250));
  });
}

describe("the public data page's component", () => {
  test("a table's search keeps the rows holding the words, counts them, and shows every row again when cleared", async () => {
    render(<PublicData locale="en" item={item({ table: wells })} path="/public-data/7" />);
    const shown = () => screen.getAllByRole("row").filter((row) => !row.hidden).map((row) => row.textContent);
    expect(shown()).toEqual(["WellDepth", "Well 10.125", "Well 152", "Pump"]);
    await search("well 1");
    expect(shown()).toEqual(["WellDepth", "Well 10.125", "Well 152"]);
    expect(screen.getByRole("status").textContent).toBe("Found: 2");
    await search("nothing like it");
    expect(screen.getByRole("status").textContent).toBe("No matches");
    await search("");
    expect(shown()).toHaveLength(4);
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("the pager links to the neighbouring pages of this address and says which rows these are", () => {
    render(<PublicData locale="en" item={item({ table: wells })} path="/public-data/7" />);
    expect(screen.getByText("Rows 4–6 of 9")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe("/public-data/7");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe("/public-data/7?page=2");
  });

  test("a document's search marks its hits in the text; the info button shows the description", async () => {
    const doc = item({ dataType: "DOC", description: "Surveyed in May", document: { type: "MS_DOC", name: "Survey", fileName: "survey.docx", html: "<p>Pier three</p><p>pier four</p>" } });
    render(<PublicData locale="en" item={doc} path="/public-data/7" />);
    await search("pier");
    expect([...document.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["Pier", "pier"]);
    expect(screen.getByRole("status").textContent).toBe("Found: 2");
    const info = screen.getByRole("button", { name: "Information" });
    expect(screen.queryByText("Surveyed in May")?.closest("section")?.hidden).toBe(true);
    await act(async () => fireEvent.click(info));
    expect(info.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Surveyed in May").closest("section")?.hidden).toBe(false);
  });
});
