import { describe, expect, test } from "bun:test";
import type { ShownNode } from "../../src/modules/wiki/presenter";
import { withDom } from "../testing/dom";
import WikiTree from "./WikiTree";

// No page strings here: components show their keys.
withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

// Top holds Middle holds Leaf, all carried by the page (the branch down to the article read), and a closed Other.
const NODES: ShownNode[] = [
  { id: 1, title: "Top", hasChildren: true, children: [{ id: 2, title: "Middle", hasChildren: true, children: [{ id: 3, title: "Leaf", hasChildren: false }] }] },
  { id: 4, title: "Other", hasChildren: false },
];

const link = (name: string) => screen.queryByRole("link", { name });
const press = (name: string, key: string) => act(async () => void fireEvent.keyDown(link(name)!, { key }));
const focused = () => document.activeElement?.textContent;

describe("the wiki's tree", () => {
  test("opens with the page's branch open, marks the article read, and its toggle closes and reopens a branch", async () => {
    render(<WikiTree locale="en" nodes={NODES} current={3} canWrite={false} />);
    expect(link("Leaf")!.getAttribute("aria-current")).toBe("page");
    const toggles = screen.getAllByRole("button", { name: "wiki.subArticles" });
    expect(toggles.map((t) => t.getAttribute("aria-expanded"))).toEqual(["true", "true"]);
    await act(async () => void fireEvent.click(toggles[0]!));
    expect(link("Middle")).toBeNull();
    expect(toggles[0]!.getAttribute("aria-expanded")).toBe("false");
    await act(async () => void fireEvent.click(toggles[0]!));
    expect(link("Leaf")).not.toBeNull();
  });

  test("the arrows move along the visible articles; Left closes, then goes up; Right opens, then goes in", async () => {
    render(<WikiTree locale="en" nodes={NODES} canWrite={false} />);
    link("Top")!.focus();
    await press("Top", "ArrowDown");
    expect(focused()).toBe("Middle");
    await press("Middle", "End");
    expect(focused()).toBe("Other");
    await press("Other", "ArrowUp");
    expect(focused()).toBe("Leaf");
    await press("Leaf", "ArrowLeft");
    expect(focused()).toBe("Middle");
    await press("Middle", "ArrowLeft");
    expect(link("Leaf")).toBeNull();
    await press("Middle", "ArrowRight");
    expect(link("Leaf")).not.toBeNull();
    await press("Middle", "ArrowRight");
    expect(focused()).toBe("Leaf");
    await press("Leaf", "Home");
    expect(focused()).toBe("Top");
  });

  test("a writer has New article, and an empty knowledge base says so", () => {
    render(<WikiTree locale="en" nodes={[]} canWrite />);
    expect(screen.getByRole("button", { name: "wiki.new" })).toBeTruthy();
    expect(screen.getByText("wiki.empty")).toBeTruthy();
  });
});
