import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { en } from "../../locales/en";
import { dataItems } from "../../db/schema";
import { withPlexusDom } from "../testing/plexus";
import { ChartFigure, figureProblem, type Figure } from "./ChartFigure";
import ChartWizard from "./ChartWizard";
import * as wizard from "./wizard-store";

const { t, f, signIn, withBunFetch } = withPlexusDom();
const { render, screen, fireEvent, act } = await import("@testing-library/react");

// Without a page's embedded strings the browser side shows keys, which is what these tests read.
const budget = { id: 7, name: "Budget", headers: [{ name: "Month", field: "a" }, { name: "url", field: "b" }, { name: "Revenue", field: "c" }, { name: "Costs", field: "d" }] };

let finance = 0;

async function openOn(table: typeof budget | undefined) {
  const scene = await withBunFetch(() => f.projectScene());
  signIn(scene.moderator);
  finance = f.category(scene.project.id, { name: "Finance" }).id;
  f.category(scene.project.id, { name: "Everything", isDefault: true });
  render(<ChartWizard options={{ projectId: scene.project.id }} onClosed={() => undefined} />);
  await screen.findByRole("checkbox", { name: "Finance", hidden: true }, { timeout: 10_000 });
  // What chooseTable does once the server answered, without a server.
  await act(async () => {
    wizard.table.value = table;
    wizard.mainColumn.value = table?.headers[0]?.field ?? "";
    wizard.values.value = table ? ["c", "d"] : [];
    wizard.kinds.value = { a: "text", b: "text", c: "number", d: "number" };
  });
  return screen.getByRole("dialog", { name: "chart.wizard.title" });
}

/** A real server under a loaded machine: more than bun's 5 s a test. */
const SLOW = 60_000;

describe("the chart wizard", () => {
  test("opens over the project's categories but its default one, and refuses step 2 without a table", async () => {
    const dialog = await openOn(undefined);
    expect(screen.queryByRole("checkbox", { name: "Everything", hidden: true })).toBeNull();
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect(screen.getByRole("alert").textContent).toBe("chart.wizard.tableRequired");
    expect(dialog.querySelector("[aria-label='chart.wizard.info']")!.hasAttribute("hidden")).toBe(true);
    await act(async () => fireEvent.click(screen.getByText("common.cancel")));
    expect(screen.queryByRole("dialog")).toBeNull();
  }, SLOW);

  test("offers the number columns as values, needs a value column, and starts the name as the table's", async () => {
    await openOn(budget);
    expect(screen.getAllByRole("checkbox", { name: /Month|Revenue|Costs|url/ }).map((box) => box.parentElement!.textContent!.trim())).toEqual(["Revenue", "Costs"]);
    for (const name of ["Revenue", "Costs"]) await act(async () => fireEvent.click(screen.getByRole("checkbox", { name })));
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect(screen.getByRole("alert").textContent).toBe("chart.wizard.valuesRequired");
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Costs" })));
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    expect((screen.getByLabelText("chart.wizard.name") as HTMLInputElement).value).toBe("Budget");
    expect(wizard.settings()!.headers.filter((h) => h.isValue).map((h) => h.name)).toEqual(["Costs"]);
  }, SLOW);

  test("an empty name is refused in the dialog before anything is sent, keeping the rest typed", async () => {
    await openOn(budget);
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    fireEvent.change(screen.getByLabelText("chart.wizard.name"), { target: { value: "  " } });
    fireEvent.change(screen.getByLabelText("chart.wizard.description"), { target: { value: "Monthly" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Finance" }));
    await act(async () => fireEvent.click(screen.getByText("common.save")));
    expect(screen.getByText("chart.wizard.nameRequired")).toBeDefined();
    expect(wizard.saving.value).toBe(false);
    expect((screen.getByLabelText("chart.wizard.description") as HTMLTextAreaElement).value).toBe("Monthly");
    expect(wizard.categoryIds.value).toEqual([finance]);
    await act(async () => wizard.close());
  }, SLOW);
});

describe("the wizard's summary over a real table", () => {
  // 40 deliveries: a supplier, a cost with a decimal comma, a dd.mm.yyyy date, a class, a note of text.
  const rows = Array.from({ length: 40 }, (_, i) => [["Бетонстрой", "Гранит", "ТрансЛес"][i % 3]!, `${100 + i},5`, `${String(1 + (i % 28)).padStart(2, "0")}.03.2026`, `B${25 + (i % 3) * 5}`, i % 4 ? "ok" : "late"]);
  const headers = ["Supplier", "Cost", "Date", "Class", "Note"];

  async function openOnDeliveries() {
    const scene = await withBunFetch(() => f.projectScene());
    signIn(scene.moderator);
    const table = f.table(scene.project.id, { name: "Deliveries", headers, rows });
    render(<ChartWizard options={{ projectId: scene.project.id, tableId: table.id }} onClosed={() => undefined} />);
    await screen.findByText("chart.wizard.tableChosen", {}, { timeout: 10_000 });
    return { scene, table };
  }
  const valueBoxes = () => screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).value.startsWith("cell_"));
  const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

  test("sums the number columns by the first text column: neither the labels nor the text or date columns are offered as values", async () => {
    await openOnDeliveries();
    expect(select("chart.wizard.mainColumn").value).toBe("cell_0");
    expect(select("chart.wizard.op").value).toBe("SUM");
    expect(valueBoxes().map((box) => [box.parentElement!.textContent!.trim(), (box as HTMLInputElement).checked])).toEqual([["Cost", true]]);
    expect([...select("chart.wizard.series").options].map((o) => o.textContent)).toEqual(["chart.wizard.noSeries", "Date", "Class", "Note"]);
    // Not dates and not a pie: no grouping of dates, no top N.
    expect(screen.queryByLabelText("chart.wizard.bucket")).toBeNull();
    expect(screen.queryByLabelText("chart.wizard.top")).toBeNull();
    expect(wizard.settings()!.summary).toEqual({ op: "SUM", series: null, top: null, bucket: null });
    await act(async () => wizard.close());
  }, SLOW);

  test("a pie offers the top N, dates as labels are grouped, a count needs no value column; all of it is saved with the chart", async () => {
    const { scene } = await openOnDeliveries();
    fireEvent.change(select("chart.wizard.type"), { target: { value: "PIE" } });
    fireEvent.change(screen.getByLabelText("chart.wizard.top"), { target: { value: "1" } });
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    // 1 is under the least top N: step 2 is refused and the field says why.
    expect(wizard.step.value).toBe(1);
    expect(screen.getByLabelText("chart.wizard.top").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(screen.getByLabelText("chart.wizard.top"), { target: { value: "2" } });
    fireEvent.change(select("chart.wizard.series"), { target: { value: "cell_3" } });
    expect(wizard.settings()!.summary).toEqual({ op: "SUM", series: "cell_3", top: 2, bucket: null });
    fireEvent.change(select("chart.wizard.mainColumn"), { target: { value: "cell_2" } });
    expect(select("chart.wizard.bucket").value).toBe("AUTO");
    fireEvent.change(select("chart.wizard.bucket"), { target: { value: "WEEK" } });
    fireEvent.change(select("chart.wizard.op"), { target: { value: "COUNT" } });
    expect(valueBoxes()).toEqual([]);
    await act(async () => fireEvent.click(screen.getByText("common.next")));
    fireEvent.change(screen.getByLabelText("chart.wizard.name"), { target: { value: "Deliveries a week" } });
    wizard.open.value = { ...wizard.open.value!, onSaved: () => undefined };
    await act(async () => fireEvent.click(screen.getByText("common.save")));
    expect(wizard.open.value).toBeNull();
    const [saved] = t.db.select().from(dataItems).where(eq(dataItems.dataType, "CHART")).all().filter((item) => item.projectId === scene.project.id);
    const stored = JSON.parse(saved!.value!);
    expect(stored.summary).toEqual({ op: "COUNT", series: "cell_3", top: 2, bucket: "WEEK" });
    expect(stored.headers.filter((h: { isValue: boolean }) => h.isValue)).toEqual([]);
  }, SLOW);
});

describe("what keeps a chart from being drawn", () => {
  const strings = { t: (key: keyof typeof en) => en[key], tf: (key: keyof typeof en, params: Record<string, string | number>) => en[key].replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name])) };
  const figure: Figure = { labels: ["Jan"], datasets: [{ label: "Revenue", data: [1] }], settings: { type: "BAR", showDetails: true }, missing: [], tableMissing: false, truncated: false };

  test("names each missing column, else a removed table, else no rows; a whole chart has no problem", () => {
    expect(figureProblem({ ...figure, missing: ["Costs"] }, strings)).toBe("The table no longer has the column “Costs”: change the chart's settings.");
    expect(figureProblem({ ...figure, tableMissing: true }, strings)).toBe(en["chart.tableMissing"]);
    expect(figureProblem({ ...figure, settings: null }, strings)).toBe(en["chart.notConfigured"]);
    expect(figureProblem({ ...figure, labels: [] }, strings)).toBe(en["chart.noRows"]);
    expect(figureProblem(figure, strings)).toBeUndefined();
  });

  test("a date axis that left rows out says how many", async () => {
    const { container, rerender } = render(<ChartFigure figure={{ ...figure, skipped: 2 }} name="Levels" />);
    expect([...container.querySelectorAll(".chart__note")].map((note) => note.textContent)).toEqual(["chart.skipped"]);
    rerender(<ChartFigure figure={{ ...figure, skipped: 0 }} name="Levels" />);
    expect(container.querySelectorAll(".chart__note")).toHaveLength(0);
  });
});
