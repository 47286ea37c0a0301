import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { tableRows } from "../../db/schema";
import { OWN_PAGE_HEADERS, withTestApp } from "../../src/testing/harness";
import { withDom } from "../testing/dom";
import { Localized } from "../lib/ui/i18n";
import { TableView } from "./TableView";

// Bun's own fetch classes: happy-dom's drop the Origin header the server checks.
const bun = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers };
withDom();
const { t, f } = withTestApp();
const { render, screen, fireEvent, act, waitFor } = await import("@testing-library/react");

/** Runs `work` (the harness signing people in) with Bun's fetch classes in place of happy-dom's. */
async function withBunFetch<T>(work: () => Promise<T>): Promise<T> {
  const dom = { fetch: globalThis.fetch, Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers };
  Object.assign(globalThis, bun);
  try {
    return await work();
  } finally {
    Object.assign(globalThis, dom);
  }
}

let cookie = "";
// The component's calls reach a real Plexus (its routes, SQLite) in process, signed in as the table's moderator.
beforeEach(() => {
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new bun.Headers({ ...Object.fromEntries(new Headers(init.headers).entries()), ...OWN_PAGE_HEADERS, cookie });
    return t.app.handle(new bun.Request(String(input), { method: init.method, headers, body: init.body as string | undefined }));
  }) as typeof fetch;
});

async function pumps() {
  const scene = await withBunFetch(() => f.projectScene());
  cookie = scene.moderator.cookie;
  const table = f.table(scene.project.id, { name: "Pumps", headers: ["Pump", "Flow"], rows: [["P-1", 10], ["P-2", 20]] });
  render(
    <Localized locale="en">
      <TableView dataId={table.id} projectId={scene.project.id} canModerate compact={false} />
    </Localized>,
  );
  await screen.findByText("P-1");
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

describe("the table view", () => {
  test("a typed cell is stored by the one rule: '007' stays text, '12.75' is a number; Escape stores nothing", async () => {
    const table = await pumps();
    await typeInto(flowCell(), "99", "Escape");
    expect(screen.queryByRole("textbox", { name: "Flow" })).toBeNull();
    expect(storedFlows(table.id)).toEqual([10, 20]);
    await typeInto(flowCell(), "12.75");
    await waitFor(() => expect(storedFlows(table.id)).toEqual([12.75, 20]));
    expect(flowCell().textContent).toBe("Flow12.75");
    await typeInto(flowCell(), "007");
    await waitFor(() => expect(storedFlows(table.id)).toEqual(["007", 20]));
    expect(flowCell().textContent).toBe("Flow007");
  });

  test("a save the server refuses keeps the editor open with what was typed, and the stored value as it was", async () => {
    const table = await pumps();
    const long = "x".repeat(40_000);
    const editor = await typeInto(flowCell(), long);
    await waitFor(() => expect(editor.readOnly).toBe(false));
    expect((screen.getByRole("textbox", { name: "Flow" }) as HTMLInputElement).value).toBe(long);
    expect(document.getElementById("snackbar")?.textContent).toContain("table.saveFailed");
    expect(storedFlows(table.id)).toEqual([10, 20]);
  });
});
