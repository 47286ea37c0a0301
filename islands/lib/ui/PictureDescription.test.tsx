import { describe, expect, test } from "bun:test";
import { withDom } from "../../testing/dom";
import { PictureDescription } from "./PictureDescription";

// No page strings here: components show their keys.
withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

function ask(alt: string | null) {
  const answers: (string | null)[] = [];
  render(<PictureDescription alt={alt} onDone={(answer) => answers.push(answer)} />);
  const save = () => act(async () => void fireEvent.click(screen.getByRole("button", { name: "common.save" })));
  return { answers, save, text: () => screen.getByLabelText("wiki.altLabel") as HTMLTextAreaElement, decorative: () => screen.getByLabelText("wiki.altDecorative") as HTMLInputElement };
}

describe("a picture's description", () => {
  test("is required: an empty one is refused with a message and nothing is answered; a written one is answered trimmed", async () => {
    const { answers, save, text } = ask(null);
    await save();
    expect(answers).toEqual([]);
    expect(screen.getByText("wiki.altRequired")).toBeTruthy();
    expect(text().getAttribute("aria-invalid")).toBe("true");
    await act(async () => void fireEvent.change(text(), { target: { value: "  Slab 3 after the pour " } }));
    await save();
    expect(answers).toEqual(["Slab 3 after the pour"]);
  });

  test("marking it decorative sets the text aside and answers an empty description on purpose", async () => {
    const first = ask("Old words");
    await act(async () => void fireEvent.click(first.decorative()));
    expect(first.text().disabled).toBe(true);
    await first.save();
    expect(first.answers).toEqual([""]);
  });

  test("a picture already decorative opens with the box ticked; Cancel answers nothing chosen", async () => {
    const { answers, decorative } = ask("");
    expect(decorative().checked).toBe(true);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "common.cancel" })));
    expect(answers).toEqual([null]);
  });
});
