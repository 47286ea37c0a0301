import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import { DataCounts } from "./DataCounts";

withDom();
const { render, screen, cleanup } = await import("@testing-library/react");
addMessages(en);

describe("a project's data counts", () => {
  test("the home page's cards leave zero counts out: only the types given show, with their numbers", () => {
    render(<DataCounts projectId={7} counts={{ TABLE: 3 }} />);
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/project/7/table"]);
    expect(links[0]!.textContent).toContain("3");
    cleanup();
  });

  test("with all, a type left out shows as 0, marked as empty", () => {
    render(<DataCounts projectId={7} counts={{ DOC: 2 }} all />);
    const links = screen.getAllByRole("link");
    expect(links.length).toBeGreaterThan(2);
    const empty = links.filter((link) => link.classList.contains("counts__item--zero"));
    expect(empty.length).toBe(links.length - 1);
    expect(empty.every((link) => link.querySelector('[aria-hidden="true"]:not(svg)')?.textContent === "0")).toBe(true);
    cleanup();
  });
});
