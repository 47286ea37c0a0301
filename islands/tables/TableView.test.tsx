import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { tableRows } from "../../db/schema";
import { withPlexusDom } from "../testing/plexus";
import { Localized } from "../lib/ui/i18n";
import { TableView } from "./TableView";

const { t, f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act, waitFor } = await import("@testing-library/react");

async function pumps() {
  const scene = await withBunFetch(() => f.projectScene());
  signIn(scene.moderator);
  const table = f.table(scene.project.id, { name: "Pumps", headers: ["Pump", "Flow"], rows: [["P-1", 10], ["P-2", 20]] });
  render(
    <Localized locale="en">
      <TableView dataId={table.id} projectId={scene.project.id} canModerate compact={false} />
    </Localized>,
  );
  await screen.findByText("P-1", {}, { timeout: 10_000 });
  return table;
}

/** The first row's Flow cell (after its check box and its Pump cell). */
const flowCell = () => (screen.getByText("P-1").closest("tr") as HTMLTableRowElement).cells[2] as HTMLElement;
const storedFlows = (tableId: number) =>
  t.db.select().from(tableRows).where(eq(tableRows.tableId, tableId)).all().map((row) => (JSON.parse(row.cells) as unknown[])[1]);

async function typeInto(cell: HTMLElement, text: string, key = "Enter") {
  await act(async () => fireEvent.doubleClick(cell));
  const editor = screen.getByRole("textbox", { name: "Flow" }) as HTMLInputElement;
  fireEvent.change(editor, { target: { value: text } });
  await act(async () => fireEvent.keyDown(editor, { key }));
  return editor;
}

/** A real server under a loaded machine: more than bun's 5 s a test. */
const SLOW = 60_000;

describe("the table view", () => {
  test("a typed cell is stored by the one rule: '007' stays text, '12.75' is a number; Escape stores nothing", async () => {
    const table = await pumps();
    await typeInto(flowCell(), "99", "Escape");
    expect(screen.queryByRole("textbox", { name: "Flow" })).toBeNull();
    expect(storedFlows(table.id)).toEqual([10, 20]);
    await typeInto(flowCell(), "12.75");
    await waitFor(() => expect(storedFlows(table.id)).toEqual([12.75, 20]), { timeout: 10_000 });
    expect(flowCell().textContent).toBe("Flow12.75");
    await typeInto(flowCell(), "007");
    await waitFor(() => expect(storedFlows(table.id)).toEqual(["007", 20]), { timeout: 10_000 });
    expect(flowCell().textContent).toBe("Flow007");
  }, SLOW);

  test("a save the server refuses keeps the editor open with what was typed, and the stored value as it was", async () => {
    const table = await pumps();
    const long = "x".repeat(40_000);
    const editor = await typeInto(flowCell(), long);
    await waitFor(() => expect(editor.readOnly).toBe(false), { timeout: 10_000 });
    expect((screen.getByRole("textbox", { name: "Flow" }) as HTMLInputElement).value).toBe(long);
    expect(document.getElementById("snackbar")?.textContent).toContain("table.saveFailed");
    expect(storedFlows(table.id)).toEqual([10, 20]);
  }, SLOW);

  test("the first page the data page loaded shows at the first render, and page 0 is not asked for again", async () => {
    const scene = await withBunFetch(() => f.projectScene());
    signIn(scene.moderator);
    const table = f.table(scene.project.id, { name: "Pumps", headers: ["Pump", "Flow"], rows: [["P-1", 10], ["P-2", 20]] });
    // What the page drew a moment ago; the server now holds P-1 and P-2, so a second ask for page 0 would replace it.
    const firstPage = { name: "Pumps", totalElements: 2, headers: [{ name: "Pump", field: "cell_0" }, { name: "Flow", field: "cell_1", type: "NUMBER" as const }], items: [{ id: 1, cell_0: "From the page", cell_1: 1234.5 }, { id: 2, cell_0: "P-2", cell_1: 20 }] };
    render(
      <Localized locale="en">
        <TableView dataId={table.id} projectId={scene.project.id} canModerate={false} compact={false} firstPage={firstPage} />
      </Localized>,
    );
    expect(screen.getByText("From the page")).toBeTruthy();
    expect(screen.getByText("1,234.5")).toBeTruthy();
    await Bun.sleep(1500);
    expect(screen.getByText("From the page")).toBeTruthy();
    expect(screen.queryByText("P-1")).toBeNull();
  }, SLOW);
});
