import { describe, expect, test } from "bun:test";
import { withDom } from "../testing/dom";
import { Localized } from "../lib/ui/i18n";
import { MergeView } from "./MergeView";

// No page strings here: components show their keys.
withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

const BASE = "<h2>Pour</h2><p>Mix 1:2:3.</p><p>Cure 7 days.</p><p>Sign off.</p>";
// They changed the mix; I changed the curing; the heading and the last line are the same on both sides.
const THEIRS = "<h2>Pour</h2><p>Mix 1:2:4.</p><p>Cure 7 days.</p><p>Sign off.</p>";
const MINE = "<h2>Pour</h2><p>Mix 1:2:3.</p><p>Cure 14 days, covered.</p><p>Sign off.</p>";

function renderMerge(theirs = THEIRS, mine = MINE) {
  let used: string | undefined;
  render(
    <Localized locale="en">
      <MergeView theirs={{ version: 4, name: "Lena Petrova", html: theirs }} mine={mine} base={BASE} onUse={(html) => (used = html)} />
    </Localized>,
  );
  const use = async () => {
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "wiki.useMerged" })));
    return used;
  };
  return { use };
}

const groups = () => screen.getAllByRole("radiogroup");
const pick = (group: HTMLElement, label: string) => act(async () => void fireEvent.click(group.querySelector(`input[value="${label}"]`)!));

describe("the merge of an edit conflict", () => {
  test("shows each differing part side by side, starting from whoever changed it, and merges both changes with no choice made", async () => {
    const { use } = renderMerge();
    expect(groups()).toHaveLength(2);
    const checked = groups().map((group) => (group.querySelector("input:checked") as HTMLInputElement).value);
    expect(checked).toEqual(["theirs", "mine"]);
    expect(screen.getAllByRole("region", { name: "wiki.yours" })[1]!.textContent).toContain("Cure 14 days, covered.");
    expect(await use()).toBe("<h2>Pour</h2><p>Mix 1:2:4.</p><p>Cure 14 days, covered.</p><p>Sign off.</p>");
  });

  test("a part both changed keeps both until the person picks one; picking sides changes the merged text", async () => {
    const { use } = renderMerge("<h2>Pour</h2><p>Mix A.</p><p>Cure 7 days.</p><p>Sign off.</p>", "<h2>Pour</h2><p>Mix B.</p><p>Cure 7 days.</p><p>Sign off.</p>");
    const [part] = groups();
    expect((part!.querySelector("input:checked") as HTMLInputElement).value).toBe("both");
    expect(await use()).toBe("<h2>Pour</h2><p>Mix A.</p><p>Mix B.</p><p>Cure 7 days.</p><p>Sign off.</p>");
    await pick(part!, "mine");
    expect(await use()).toBe("<h2>Pour</h2><p>Mix B.</p><p>Cure 7 days.</p><p>Sign off.</p>");
    await pick(part!, "theirs");
    expect(await use()).toBe("<h2>Pour</h2><p>Mix A.</p><p>Cure 7 days.</p><p>Sign off.</p>");
  });

  test("blocks only one side has are offered too, and loose text becomes a paragraph", async () => {
    const { use } = renderMerge(`${BASE}<p>Their note.</p>`, `${BASE}Loose & mine`);
    expect(groups()).toHaveLength(1);
    expect(await use()).toBe(`${BASE}<p>Their note.</p><p>Loose &amp; mine</p>`);
  });
});
