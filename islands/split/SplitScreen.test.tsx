import { describe, expect, test } from "bun:test";
import { en } from "../../locales/en";
import { addMessages } from "../lib/i18n";
import { withDom } from "../testing/dom";
import SplitScreen from "./SplitScreen";

withDom();
const { render, screen, fireEvent, act, within } = await import("@testing-library/react");
addMessages(en);

// No server answers in these tests: the sides' viewers are the browser tests' (e2e/split-screen.e2e.ts) to judge.
const unit = { id: 41, name: "Pump 3", dataType: "MODBUS_UNIT" as const, projectId: 3 };

describe("split screen's component", () => {
  test("keeps the address in step with its sides; an emptied first side clears the second side's notice", async () => {
    history.replaceState(null, "", "/split-screen?dataId=41&secondDataId=abc");
    render(<SplitScreen locale="en" projectId={3} canModerate={false} sides={[{ item: unit, refused: false }, { item: null, refused: true }]} />);
    const [first, second] = screen.getAllByRole("region");
    expect(within(first!).getByRole("heading", { level: 2 }).textContent).toBe("Pump 3");
    expect(within(second!).getByRole("alert").textContent).toBe("This data does not exist or you have no access to it.");
    expect(location.search).toBe("?dataId=41");
    // The second side offers what is related to the first item; no server answers here, and the side says so.
    expect(within(second!).getByRole("heading", { level: 3 }).textContent).toBe("Related to Pump 3");
    await within(second!).findByText(en["error.network"], undefined, { timeout: 5000 });

    await act(async () => fireEvent.click(within(first!).getByRole("button", { name: "Close Pump 3 in this viewer" })));
    expect(location.search).toBe("");
    expect(within(first!).getByRole("heading", { level: 2 }).textContent).toBe("First viewer");
    expect(within(first!).getByRole("search")).toBeTruthy();
    expect(within(second!).queryByRole("alert")).toBeNull();
  });

  test("with no item on either side there is no project to search: each side says where to start", () => {
    render(<SplitScreen locale="en" projectId={null} canModerate={false} sides={[{ item: null, refused: false }, { item: null, refused: true }]} />);
    const [first, second] = screen.getAllByRole("region");
    expect(first!.textContent).toContain("Open split screen from the page of a data item.");
    expect(second!.textContent).toContain("This data does not exist or you have no access to it. Open split screen from the page of a data item.");
    expect(screen.queryByRole("search")).toBeNull();
  });
});
