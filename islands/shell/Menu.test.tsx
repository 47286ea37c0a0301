import { describe, expect, test } from "bun:test";
import { withDom } from "../testing/dom";
import { Menu } from "./Menu";

withDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

const menus = () => screen.getAllByRole("group").map((details) => (details as HTMLDetailsElement).open);

function open(label: string) {
  const details = screen.getByLabelText(label).closest("details")!;
  details.open = true;
  fireEvent(details, new Event("toggle"));
}

describe("the shell's menus", () => {
  test("one open at a time; Escape or a click outside every menu closes it, a click inside does not", async () => {
    render(
      <>
        <Menu summary="L" label="Language">
          <button type="button">English</button>
        </Menu>
        <Menu summary="P" label="Profile">
          <a href="/help">Help</a>
        </Menu>
        <p>page</p>
      </>,
    );
    expect(menus()).toEqual([false, false]);
    await act(async () => open("Language"));
    expect(menus()).toEqual([true, false]);
    await act(async () => open("Profile"));
    expect(menus()).toEqual([false, true]);
    await act(async () => fireEvent.click(screen.getByText("Help")));
    expect(menus()).toEqual([false, true]);
    await act(async () => fireEvent.click(screen.getByText("page")));
    expect(menus()).toEqual([false, false]);
    await act(async () => open("Language"));
    await act(async () => fireEvent.keyDown(document, { key: "Escape" }));
    expect(menus()).toEqual([false, false]);
  });
});
